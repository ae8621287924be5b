// .zip with yauzl: names are validated by yauzl and again by us, declared sizes are checked against the real
// stream (validateEntrySizes), totals and ratio are enforced while writing. Symbolic links are never created:
// one pointing outside the root rejects the archive, others are skipped.
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { FetchError, FetchErrors } from './fetch-error';
import { assertLinkInside, createBudget, safeEntryPath, type ArchiveLimits } from './archive-limits';

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, autoClose: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
}

/** Opens the zip, refuses too many entries, and hands each entry to `visit` in order (one at a time). */
async function eachEntry(
  file: string,
  limits: ArchiveLimits,
  visit: (zip: yauzl.ZipFile, entry: yauzl.Entry, budget: ReturnType<typeof createBudget>) => Promise<void>,
): Promise<void> {
  const budget = createBudget(limits, (await stat(file)).size);
  let zip: yauzl.ZipFile;
  try {
    zip = await open(file);
  } catch (error) {
    throw mapYauzlError(error);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw FetchErrors.archiveRejected(`it has more than ${limits.maxEntries} entries`);
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        visit(zip, entry, budget).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    throw error instanceof FetchError ? error : mapYauzlError(error);
  } finally {
    zip.close();
  }
}

export async function extractZip(file: string, dest: string, limits: ArchiveLimits): Promise<void> {
  await eachEntry(file, limits, (zip, entry, budget) => handleEntry(zip, entry, dest, budget));
}

/**
 * The central directory alone (names, types, declared sizes), without inflating anything: what the upload route
 * runs at intake. Extraction checks the real bytes again.
 */
export async function listZip(file: string, limits: ArchiveLimits): Promise<void> {
  await eachEntry(file, limits, async (_zip, entry, budget) => {
    budget.entry();
    const rel = safeEntryPath(entry.fileName);
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    const special = type !== 0 && type !== S_IFREG && type !== S_IFDIR && type !== S_IFLNK;
    if (special) throw FetchErrors.archiveRejected(`entry "${rel}" is a device, FIFO or other special file`);
    if (type !== S_IFLNK && !entry.fileName.endsWith('/')) budget.add(entry.uncompressedSize);
  });
}

async function handleEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, dest: string, budget: ReturnType<typeof createBudget>) {
  budget.entry();
  const rel = safeEntryPath(entry.fileName);
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  const isDir = entry.fileName.endsWith('/') || type === S_IFDIR;
  if (isDir) {
    await mkdir(path.join(dest, rel), { recursive: true, mode: 0o700 });
    return;
  }
  if (type === S_IFLNK) {
    if (entry.uncompressedSize > 4096) throw FetchErrors.archiveCorrupt();
    const chunks: Buffer[] = [];
    for await (const c of (await readStream(zip, entry)) as AsyncIterable<Buffer>) chunks.push(c);
    assertLinkInside(rel, Buffer.concat(chunks).toString('utf8'));
    return;
  }
  if (type !== 0 && type !== S_IFREG) throw FetchErrors.archiveRejected(`entry "${rel}" is a device, FIFO or other special file`);
  // Declared sizes first (cheap), then the real byte count while streaming (a lying header cannot pass).
  if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > 10_000) {
    throw FetchErrors.archiveRejected('its compression ratio is far too high (an archive bomb)');
  }
  const target = path.join(dest, rel);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        budget.add(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
  await pipeline(await readStream(zip, entry), counter, createWriteStream(target, { mode: 0o600, flags: 'wx' }));
}

function mapYauzlError(error: unknown): FetchError {
  if (error instanceof FetchError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/^absolute path/.test(message)) return FetchErrors.archiveRejected('an entry has an absolute path');
  if (/^invalid relative path/.test(message)) return FetchErrors.archiveRejected('an entry escapes the extraction folder');
  return FetchErrors.archiveCorrupt();
}
