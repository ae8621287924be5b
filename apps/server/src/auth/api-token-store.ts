// Reading and replacing a user's stored API token.
import type { UserRow } from '../db/schema';
import type { UserRepository } from '../accounts/repository';
import { generateApiToken, openApiToken, sealApiToken } from './api-tokens';
import type { ServerKeys } from './keys';

export async function issueNewApiToken(users: UserRepository, keys: ServerKeys, userId: string): Promise<string> {
  const token = generateApiToken();
  await users.replaceApiToken(userId, sealApiToken(keys, token, userId));
  return token;
}

/**
 * The user's current API token in clear text. After a change of the server secret the stored ciphertext can no
 * longer be opened (and the old token no longer matches): the user gets a new token instead of an error.
 */
export async function revealApiToken(users: UserRepository, keys: ServerKeys, user: UserRow): Promise<string> {
  try {
    return openApiToken(keys, user.apiTokenCiphertext, user.id);
  } catch {
    return issueNewApiToken(users, keys, user.id);
  }
}
