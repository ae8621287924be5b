// The store contract, run against both implementations: the local folder and S3 (the real AWS SDK client against
// an S3-compatible server on loopback).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server';
import { downloadObject, readObjectText } from './create-object-store';
import { createLocalStore } from './local-store';
import { StorageError, type ObjectStore } from './object-store';
import { createS3Store } from './s3-store';
import { loadConfig } from '../config';
import type { S3StorageConfig } from '../config/storage-config';

let s3: TestS3Server;
let scratch: string;
beforeAll(async () => {
  s3 = await startTestS3Server();
  scratch = await mkdtemp(path.join(os.tmpdir(), 'duescan-store-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

function s3Config(extra: Record<string, string> = {}): S3StorageConfig {
  const config = loadConfig({ DATA_DIR: scratch, ...s3.env, ...extra }).storage;
  if (config.kind !== 's3') throw new Error('expected an S3 configuration');
  return config;
}

let stores = 0;
const IMPLEMENTATIONS: [string, () => Promise<ObjectStore>][] = [
  ['local', async () => createLocalStore(await mkdtemp(path.join(scratch, 'local-')))],
  // Each suite gets its own key prefix in the shared bucket, so suites never see each other's objects.
  ['s3', () => createS3Store(s3Config({ S3_PREFIX: `suite-${++stores}` }))],
];

describe.each(IMPLEMENTATIONS)('object store contract: %s', (_name, make) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await make();
    await store.verify();
  });

  it('returns what was put, as a stream; a second put replaces the object', async () => {
    await store.put('reports/a/report.json', '{"score":71}');
    expect(await readObjectText(store, 'reports/a/report.json')).toBe('{"score":71}');
    await store.put('reports/a/report.json', Buffer.from('{"score":72}'));
    expect(await readObjectText(store, 'reports/a/report.json')).toBe('{"score":72}');
  });

  it('streams a large file in and out unchanged', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 7);
    const source = path.join(scratch, `big-${randomBytes(4).toString('hex')}.tar.gz`);
    await writeFile(source, bytes);
    await store.putFile('uploads/big.tar.gz', source);
    const copy = path.join(scratch, `copy-${randomBytes(4).toString('hex')}`);
    expect(await downloadObject(store, 'uploads/big.tar.gz', copy)).toBe(true);
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(digest(await readFile(copy))).toBe(digest(bytes));
    expect((await buffer((await store.get('uploads/big.tar.gz'))!)).length).toBe(bytes.length);
  });

  it('a missing object is null / false, not an error; deleting it twice is fine', async () => {
    expect(await store.get('reports/none/report.pdf')).toBeNull();
    expect(await store.exists('reports/none/report.pdf')).toBe(false);
    expect(await downloadObject(store, 'uploads/none.zip', path.join(scratch, 'never'))).toBe(false);
    await store.put('uploads/cli/x.json', '{}');
    expect(await store.exists('uploads/cli/x.json')).toBe(true);
    await store.delete('uploads/cli/x.json');
    await store.delete('uploads/cli/x.json');
    expect(await store.exists('uploads/cli/x.json')).toBe(false);
    expect(await store.get('uploads/cli/x.json')).toBeNull();
  });

  it('lists and deletes by prefix, leaving everything else', async () => {
    await store.put('reports/p1/report.json', 'j');
    await store.put('reports/p1/report.pdf', 'p');
    await store.put('reports/p10/report.pdf', 'other scan');
    await store.put('uploads/p1.zip', 'upload');
    expect((await store.list('reports/p1/')).sort()).toEqual([
      'reports/p1/report.json',
      'reports/p1/report.pdf',
    ]);
    expect((await store.list('reports/p1')).sort()).toEqual([
      'reports/p1/report.json',
      'reports/p1/report.pdf',
      'reports/p10/report.pdf',
    ]);
    expect(await store.deletePrefix('reports/p1/')).toBe(2);
    expect(await store.list('reports/p1/')).toEqual([]);
    expect(await store.deletePrefix('reports/p1/')).toBe(0);
    expect(await store.exists('reports/p10/report.pdf')).toBe(true);
    expect(await store.exists('uploads/p1.zip')).toBe(true);
    expect(await store.list('nothing-here/')).toEqual([]);
  });

  it.each(['../etc/passwd', 'reports/../../x', '', 'a//b', 'reports/a/', '.hidden', 'a b', 'a\u0000b'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, 'x')).rejects.toBeInstanceOf(StorageError);
      await expect(store.get(key)).rejects.toBeInstanceOf(StorageError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(StorageError);
    },
  );
});

describe('local store specifics', () => {
  it('keeps the layout the server always had under DATA_DIR, and reads rows that stored absolute paths', async () => {
    const root = await mkdtemp(path.join(scratch, 'layout-'));
    const store = createLocalStore(root);
    await store.put('reports/s1/report.pdf', '%PDF');
    expect(await readFile(path.join(root, 'reports/s1/report.pdf'), 'utf8')).toBe('%PDF');
    expect(await readObjectText(store, path.join(root, 'reports/s1/report.pdf'))).toBe('%PDF');
    await expect(store.get('/etc/passwd')).rejects.toBeInstanceOf(StorageError);
    expect(await store.deletePrefix('reports/s1/')).toBe(1);
    await expect(readFile(path.join(root, 'reports/s1/report.pdf'))).rejects.toThrow();
  });

  it('verify names the folder it cannot use', async () => {
    const file = path.join(scratch, 'a-file');
    await writeFile(file, 'x');
    await expect(createLocalStore(path.join(file, 'data')).verify()).rejects.toThrow(
      /data folder .*a-file\/data is not writable.*set DATA_DIR/,
    );
  });
});

describe('S3 store specifics', () => {
  it('puts every key under S3_PREFIX when set', async () => {
    const prefixed = await createS3Store(s3Config({ S3_PREFIX: 'tenant-a/duescan' }));
    await prefixed.putFile('uploads/t.zip', await tempFile('zip bytes'));
    const bare = await createS3Store(s3Config());
    expect(await bare.list('tenant-a/')).toEqual(['tenant-a/duescan/uploads/t.zip']);
    expect(await prefixed.list('uploads/')).toEqual(['uploads/t.zip']);
  });

  it('verify explains a missing bucket and an unreachable endpoint', async () => {
    await expect((await createS3Store(s3Config({ S3_BUCKET: 'no-such-bucket' }))).verify()).rejects.toThrow(
      /The S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist: create it, or fix S3_BUCKET/,
    );
    await expect(
      (await createS3Store(s3Config({ S3_ENDPOINT: 'http://127.0.0.1:9' }))).verify(),
    ).rejects.toThrow(/cannot be reached .*check S3_ENDPOINT/);
  });

  it('a partial object never appears: the upload of a file that cannot be read fails and leaves nothing', async () => {
    const store = await createS3Store(s3Config({ S3_PREFIX: 'partial' }));
    await expect(store.putFile('uploads/gone.zip', path.join(scratch, 'does-not-exist'))).rejects.toThrow(
      /ENOENT/,
    );
    expect(await store.exists('uploads/gone.zip')).toBe(false);
  });
});

async function tempFile(body: string): Promise<string> {
  const file = path.join(scratch, `f-${randomBytes(4).toString('hex')}`);
  await writeFile(file, body);
  return file;
}
