// Picks the store the configuration names. The AWS SDK is loaded only when STORAGE=s3: a local install never pays
// for it at start-up.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { createLocalStore } from './local-store';
import type { ObjectStore } from './object-store';
import type { StorageConfig } from '../config/storage-config';

export async function createObjectStore(config: StorageConfig): Promise<ObjectStore> {
  if (config.kind === 'local') return createLocalStore(config.root);
  const { createS3Store } = await import('./s3-store');
  return await createS3Store(config);
}

/** Copies an object to a local file (a worker's private working folder); false when the object is gone. */
export async function downloadObject(store: ObjectStore, key: string, file: string): Promise<boolean> {
  const body = await store.get(key);
  if (!body) return false;
  await pipeline(body, createWriteStream(file, { mode: 0o600 }));
  return true;
}

/** A small object whole (a report PDF to attach, a CLI report JSON.parse needs anyway); null when gone. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const body = await store.get(key);
  return body ? buffer(body) : null;
}

export async function readObjectText(store: ObjectStore, key: string): Promise<string | null> {
  return (await readObject(store, key))?.toString('utf8') ?? null;
}
