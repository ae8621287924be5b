// pip requirements files. Exact pins (== / ===) identify an installed version (pip freeze and pip-compile
// output are lockfiles in all but name); ranges are "declared, not resolved" and matched by range.
import { pep440Spec } from '../declared';
import type { LockEntry, ParsedLockfile } from './types';

const REQUIREMENT = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(.*)$/;

function logicalLines(text: string): string[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line.length > 0);
}

export function parseRequirements(text: string): ParsedLockfile {
  const entries: LockEntry[] = [];
  for (const line of logicalLines(text)) {
    if (line.startsWith('-')) continue; // -r/-c/-e/--index-url...: options, not requirements
    const [requirement = '', ...rest] = line.replace(/\s--\S.*$/, '').split(';').map((s) => s.trim());
    const marker = rest.join(';').trim();
    const match = REQUIREMENT.exec(requirement);
    if (!match) continue;
    const [, name, spec] = match as unknown as [string, string, string];
    const pin = /^===?\s*([^\s,*]+)$/.exec(spec.trim());
    const when = marker ? { marker } : {};
    if (pin) entries.push({ ecosystem: 'PyPI', name, version: pin[1]!, direct: true, ...when });
    else if (!spec.trim().startsWith('@')) entries.push({ ecosystem: 'PyPI', name, ...pep440Spec(spec), direct: true, declaredOnly: true, ...when });
  }
  return { entries };
}
