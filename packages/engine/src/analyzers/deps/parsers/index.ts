// Which parser reads which file. Matching is on the file name only; the engine's collector already
// excludes node_modules, vendor and similar folders.
import { parsePackageLock } from './package-lock';
import { parsePnpmLock } from './pnpm-lock';
import { parsePom } from './pom';
import { parsePipfileLock, parsePoetryLock, parseUvLock } from './python-locks';
import { parseRequirements } from './requirements';
import type { LockfileParser } from './types';
import { parseYarnLock } from './yarn-lock';

export function parserFor(path: string): LockfileParser | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return parsePackageLock;
  if (name === 'yarn.lock') return parseYarnLock;
  if (name === 'pnpm-lock.yaml') return parsePnpmLock;
  if (name === 'poetry.lock') return parsePoetryLock;
  if (name === 'Pipfile.lock') return parsePipfileLock;
  if (name === 'uv.lock') return parseUvLock;
  if (name === 'pom.xml') return parsePom;
  if (/^requirements[\w.-]*\.txt$/.test(name) || /(^|\/)requirements\/[\w.-]+\.txt$/.test(path)) return parseRequirements;
  return null;
}

export { BrokenLockfileError, type LockEntry, type LockfileParser, type ParsedLockfile } from './types';
