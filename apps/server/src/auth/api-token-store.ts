// Reading and replacing a user's stored API token (built once by the composition root; the account service gets
// it as its `apiTokens` dependency).
import type { UserRow } from '../db/schema';
import type { UserRepository } from '../accounts/repository';
import { generateApiToken, openApiToken, sealApiToken } from './api-tokens';
import type { ServerKeys } from './keys';

export function createApiTokenStore(users: UserRepository, keys: ServerKeys) {
  async function issue(userId: string): Promise<string> {
    const token = generateApiToken();
    await users.replaceApiToken(userId, sealApiToken(keys, token, userId));
    return token;
  }
  return {
    issue,
    /**
     * The user's current API token in clear text. After a change of the server secret the stored ciphertext can
     * no longer be opened (and the old token no longer matches): the user gets a new token instead of an error.
     */
    async reveal(user: UserRow): Promise<string> {
      try {
        return openApiToken(keys, user.apiTokenCiphertext, user.id);
      } catch {
        return issue(user.id);
      }
    },
  };
}
export type ApiTokenStore = ReturnType<typeof createApiTokenStore>;
