// Registration, login and bearer-credential resolution.
import { randomUUID } from 'node:crypto';
import { STARTING_CREDITS, type TAuthResponse, type TLoginRequest, type TRegisterRequest } from '@duescan/contracts';
import { Errors } from '../errors';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import type { UserRepository } from '../accounts/repository';
import { generateApiToken, hashApiToken, isApiToken, sealApiToken } from './api-tokens';
import type { ApiTokenStore } from './api-token-store';
import type { AccessTokens } from './jwt';
import type { ServerKeys } from './keys';
import type { PasswordHasher } from './passwords';

interface AuthDeps {
  users: UserRepository;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  keys: ServerKeys;
  apiTokens: ApiTokenStore;
}

export function createAuthService({ users, hasher, accessTokens, keys, apiTokens }: AuthDeps) {
  async function authResponse(user: UserRow): Promise<TAuthResponse> {
    return {
      access_token: await accessTokens.issue(user.id),
      user_id: user.id,
      api_token: await apiTokens.reveal(user),
    };
  }

  return {
    /** New accounts start on the free plan with STARTING_CREDITS credits. */
    async register(input: TRegisterRequest): Promise<TAuthResponse> {
      if (await users.findByEmail(input.email)) throw Errors.emailTaken();
      const id = randomUUID();
      const token = generateApiToken();
      try {
        const user = await users.insert({
          id,
          email: input.email,
          company: input.company ? input.company : null,
          passwordHash: await hasher.hash(input.password),
          plan: 'free',
          creditsRemaining: STARTING_CREDITS,
          ...sealApiToken(keys, token, id),
        });
        return await authResponse(user);
      } catch (error) {
        // Two concurrent registrations of one e-mail: the unique index decides.
        if (isUniqueViolation(error)) throw Errors.emailTaken();
        throw error;
      }
    },

    /** An unknown e-mail and a wrong password give the same answer in about the same time. */
    async login(input: TLoginRequest): Promise<TAuthResponse> {
      const user = await users.findByEmail(input.email);
      if (!user) {
        await hasher.verifyDummy(input.password);
        throw Errors.invalidCredentials();
      }
      if (!(await hasher.verify(user.passwordHash, input.password))) throw Errors.invalidCredentials();
      return authResponse(user);
    },

    /** Resolves a bearer credential (JWT access token or CLI API token) to its user, or null. */
    async authenticate(credential: string): Promise<UserRow | null> {
      if (isApiToken(credential)) {
        return (await users.findByApiTokenHash(hashApiToken(keys, credential))) ?? null;
      }
      const userId = await accessTokens.verify(credential);
      return userId ? ((await users.findById(userId)) ?? null) : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
