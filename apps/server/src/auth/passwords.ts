// Password hashing with argon2id. Cost comes from config (OWASP's 19 MiB / 2 passes by default; tests lower it).
import { hash, verify, type Options } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package exports a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  /** Burns the same time as a real check: used when the e-mail is unknown, so timing does not reveal it. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  const options: Options = { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('duescan-dummy-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
