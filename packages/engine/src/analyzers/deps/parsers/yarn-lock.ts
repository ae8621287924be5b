// yarn.lock, classic (v1) and berry (v2+): @yarnpkg/parsers reads both syntaxes. Berry keys carry protocols
// ("lodash@npm:^4.17.0"); workspace/link/patch entries are the project itself or duplicates, not packages.
import { parseSyml } from '@yarnpkg/parsers';
import { BrokenLockfileError, isRecord, type LockEntry, type LockGraph, type ParsedLockfile } from './types';

const LOCAL_PROTOCOLS = /@(workspace|link|portal|file|patch|exec):/;

/** "@scope/name@npm:^1.0.0" -> "@scope/name" */
function nameOfDescriptor(descriptor: string): string | null {
  const clean = descriptor.trim().replace(/^"|"$/g, '');
  const at = clean.indexOf('@', 1);
  return at > 0 ? clean.slice(0, at) : null;
}

export function parseYarnLock(text: string): ParsedLockfile {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseSyml(text) as Record<string, unknown>;
  } catch (e) {
    throw new BrokenLockfileError(`unreadable yarn.lock: ${(e as Error).message.split('\n')[0]}`);
  }
  const entries: LockEntry[] = [];
  const seen = new Set<string>();
  // classic lockfiles only: berry's workspace entries mix development and production requirements
  const graph: LockGraph | undefined = '__metadata' in parsed ? undefined : { resolves: new Map(), requires: new Map() };
  for (const [key, raw] of Object.entries(parsed)) {
    if (key === '__metadata' || !isRecord(raw) || typeof raw.version !== 'string') continue;
    const resolution = typeof raw.resolution === 'string' ? raw.resolution : '';
    const local = LOCAL_PROTOCOLS.test(key) || LOCAL_PROTOCOLS.test(resolution);
    // Berry's resolution names the package actually installed (aliases point elsewhere).
    const name = nameOfDescriptor(resolution || key.split(',')[0]!);
    // (a local package, `file:../shared`, is not installed from a registry, but what it requires is)
    if (graph && name) {
      const at = `${name}@${local ? key : raw.version}`;
      for (const d of key.split(',')) graph.resolves.set(d.trim().replace(/^"|"$/g, ''), at);
      const requires = graph.requires.get(at) ?? [];
      for (const field of [raw.dependencies, raw.optionalDependencies]) {
        if (isRecord(field)) for (const [dep, range] of Object.entries(field)) requires.push(`${dep}@${String(range)}`);
      }
      graph.requires.set(at, requires);
    }
    if (local) continue;
    // Classic lockfiles repeat one installed package under each of its descriptors.
    if (!name || seen.has(`${name}@${raw.version}`)) continue;
    seen.add(`${name}@${raw.version}`);
    entries.push({ ecosystem: 'npm', name, version: raw.version });
  }
  return graph ? { entries, graph } : { entries };
}
