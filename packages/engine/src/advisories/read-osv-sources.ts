// Reads raw OSV records from a folder tree, an OSV zip dump (e.g. npm/all.zip) or an https URL to either.
// Yields parsed JSON values one at a time so a large dump never sits in memory as a whole.
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** Single OSV records are small; anything bigger than this inside a dump is not an advisory. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;
/** Upper bound for a downloaded dump (the largest per-ecosystem OSV dumps are a few hundred MB). */
const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export interface SourceStats {
  files: number;
  unreadable: number;
}

async function* walkJsonFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walkJsonFiles(full);
    else if (entry.isFile() && entry.name.endsWith('.json')) yield full;
  }
}

function parseJson(text: string, stats: SourceStats): unknown {
  stats.files++;
  try {
    return JSON.parse(text);
  } catch {
    stats.unreadable++;
    return undefined;
  }
}

async function* readDir(dir: string, stats: SourceStats): AsyncGenerator<unknown> {
  for await (const file of walkJsonFiles(dir)) {
    const info = await stat(file);
    if (info.size > MAX_RECORD_BYTES) {
      stats.unreadable++;
      continue;
    }
    yield parseJson(await readFile(file, 'utf8'), stats);
  }
}

async function* readZip(path: string, stats: SourceStats): AsyncGenerator<unknown> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  try {
    while (true) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          cleanup();
          resolve(e);
        };
        const onEnd = () => {
          cleanup();
          resolve(null);
        };
        const onError = (err: Error) => {
          cleanup();
          reject(err);
        };
        const cleanup = () => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (!entry.fileName.endsWith('.json') || entry.uncompressedSize > MAX_RECORD_BYTES) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(err) : resolve(s))),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      yield parseJson(Buffer.concat(chunks).toString('utf8'), stats);
    }
  } finally {
    zip.close();
  }
}

async function isZipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(4);
    await handle.read(header, 0, 4, 0);
    return header[0] === 0x50 && header[1] === 0x4b;
  } finally {
    await handle.close();
  }
}

async function* readJsonFile(path: string, stats: SourceStats): AsyncGenerator<unknown> {
  const value = parseJson(await readFile(path, 'utf8'), stats);
  if (Array.isArray(value)) yield* value;
  else yield value;
}

async function* readFileSource(path: string, stats: SourceStats): AsyncGenerator<unknown> {
  if (await isZipFile(path)) yield* readZip(path, stats);
  else yield* readJsonFile(path, stats);
}

async function download(url: URL, to: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow' });
  if (!response.ok || !response.body) throw new Error(`Download failed: ${url.href} answered ${response.status}`);
  let received = 0;
  const limited = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('data', (c: Buffer) => {
    received += c.length;
    if (received > MAX_DOWNLOAD_BYTES) limited.destroy(new Error(`Download too large: ${url.href}`));
  });
  await pipeline(limited, createWriteStream(to));
}

async function* readUrl(source: string, stats: SourceStats): AsyncGenerator<unknown> {
  const url = new URL(source);
  if (url.protocol !== 'https:') throw new Error(`Only https URLs are accepted: ${source}`);
  const dir = await mkdtemp(join(tmpdir(), 'duescan-osv-'));
  try {
    const file = join(dir, 'download');
    await download(url, file);
    yield* readFileSource(file, stats);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** All raw records of one source: a folder, a .zip / .json file, or an https URL. */
export async function* readOsvSource(source: string, stats: SourceStats): AsyncGenerator<unknown> {
  if (/^[a-z]+:\/\//i.test(source)) {
    yield* readUrl(source, stats);
    return;
  }
  const info = await stat(source);
  if (info.isDirectory()) yield* readDir(source, stats);
  else yield* readFileSource(source, stats);
}
