// Where uploaded sources and finished reports live, so an API process and workers on other machines see the same
// files: a local folder (the default, one machine) or an S3-compatible bucket. Keys are relative, '/'-separated.
import type { Readable } from 'node:stream';

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Copies a local file into the store as a stream (archives can be 100 MB: never whole in memory). */
  putFile(key: string, file: string): Promise<void>;
  /** Small objects produced in memory anyway (report JSON and PDF, CLI reports). */
  put(key: string, body: Buffer | string): Promise<void>;
  /** The object as a stream, or null when it does not exist (never written, or already deleted). */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removing what is not there is not an error: retries and sweeps may repeat a delete. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix`, in no promised order. */
  list(prefix: string): Promise<string[]>;
  /** Removes every object under `prefix`; returns how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /** Checked at start-up: the store answers and we may write to it. Throws an error that says what to fix. */
  verify(): Promise<void>;
  /** Lets go of pooled connections at shutdown. */
  close(): void;
}

export class StorageError extends Error {
  override name = 'StorageError';
}

/** Letters, digits and `._-` in '/'-separated segments: no '..', no empty or absolute path, nothing to escape. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are built by our code (storage/keys.ts); a bad one is a bug, refused before it reaches a path or a URL. */
export function assertKey(key: string): string {
  if (key.length > 512 || !KEY.test(key))
    throw new StorageError(`Invalid object key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

/** A prefix is a key, optionally ending with '/'. */
export function assertPrefix(prefix: string): string {
  assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}
