// The default store: a folder on this machine (DATA_DIR). Shared between machines only if that folder is (NFS and
// the like); otherwise use STORAGE=s3. Writes go to a temporary name first and are renamed into place, so a reader
// never sees half a file.
import { constants, createReadStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, assertPrefix, StorageError, type ObjectStore } from './object-store';

const TEMP_SUFFIX = '.part';

export function createLocalStore(root: string): ObjectStore {
  const base = path.resolve(root);

  /** Rows written before the store existed hold absolute paths under DATA_DIR: they name the same files. */
  function fileOf(key: string): string {
    if (path.isAbsolute(key)) {
      const relative = path.relative(base, key);
      if (relative.startsWith('..') || path.isAbsolute(relative))
        throw new StorageError(`Path outside the data folder: ${key}`);
      key = relative.split(path.sep).join('/');
    }
    return path.join(base, assertKey(key));
  }

  async function writeAtomically(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${randomUUID()}${TEMP_SUFFIX}`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function list(prefix: string): Promise<string[]> {
    assertPrefix(prefix);
    // Only the folder the prefix points into is walked, not the whole data folder (the database lives there too).
    const dir = path.join(base, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
        throw error;
      },
    );
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith(TEMP_SUFFIX))
      .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix));
  }

  return {
    kind: 'local',
    putFile: (key, source) => writeAtomically(key, (temp) => copyFile(source, temp)),
    put: (key, body) => writeAtomically(key, (temp) => writeFile(temp, body, { mode: 0o600, flag: 'wx' })),
    async get(key): Promise<Readable | null> {
      const stream = createReadStream(fileOf(key));
      // Opening is asynchronous: wait for it so a missing file is null here, not an error later in the response.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) =>
          error.code === 'ENOENT' ? resolve(null) : reject(error),
        );
      });
    },
    async exists(key) {
      return access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    list,
    async deletePrefix(prefix) {
      const keys = await list(prefix);
      for (const key of keys) await rm(fileOf(key), { force: true });
      // A per-scan folder (reports/<id>/) goes too, when nothing else is left in it.
      if (prefix.endsWith('/')) await rmdir(path.join(base, prefix)).catch(() => undefined);
      return keys.length;
    },
    async verify() {
      try {
        await mkdir(base, { recursive: true, mode: 0o700 });
        await access(base, constants.W_OK);
      } catch (error) {
        throw new StorageError(
          `The data folder ${base} is not writable (${(error as Error).message}): set DATA_DIR to a folder this user may write`,
        );
      }
    },
    close() {},
  };
}
