// CVSS v3.0 / v3.1 base score, per the FIRST specification (section 7.1 formulas, Appendix A Roundup).
// Returns null for a vector that is not a complete, valid v3 base vector.

const WEIGHTS = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  UI: { N: 0.85, R: 0.62 },
  CIA: { H: 0.56, L: 0.22, N: 0 },
} as const;

/** Privileges Required weighs more when the scope changes. */
const PR_WEIGHTS = { U: { N: 0.85, L: 0.62, H: 0.27 }, C: { N: 0.85, L: 0.68, H: 0.5 } } as const;

/** v3.1 Roundup: avoids floating-point artefacts (e.g. 4.000000001 -> 4.0, not 4.1). */
function roundUp31(value: number): number {
  const intInput = Math.round(value * 100000);
  return intInput % 10000 === 0 ? intInput / 100000 : (Math.floor(intInput / 10000) + 1) / 10;
}

/** v3.0 Roundup: the smallest number with one decimal that is >= the input. */
function roundUp30(value: number): number {
  return Math.ceil(value * 10) / 10;
}

function parseVector(vector: string): { version: '3.0' | '3.1'; metrics: Map<string, string> } | null {
  const parts = vector.trim().split('/');
  const header = parts.shift();
  const version = header === 'CVSS:3.1' ? '3.1' : header === 'CVSS:3.0' ? '3.0' : null;
  if (!version) return null;
  const metrics = new Map<string, string>();
  for (const part of parts) {
    const [key, value] = part.split(':');
    if (!key || !value || metrics.has(key)) return null;
    metrics.set(key, value);
  }
  return { version, metrics };
}

function pick<T extends Record<string, number>>(table: T, value: string | undefined): number | null {
  return value !== undefined && Object.hasOwn(table, value) ? table[value as keyof T]! : null;
}

export function cvss3BaseScore(vector: string): number | null {
  const parsed = parseVector(vector);
  if (!parsed) return null;
  const m = parsed.metrics;
  const scope = m.get('S');
  if (scope !== 'U' && scope !== 'C') return null;
  const av = pick(WEIGHTS.AV, m.get('AV'));
  const ac = pick(WEIGHTS.AC, m.get('AC'));
  const pr = pick(PR_WEIGHTS[scope], m.get('PR'));
  const ui = pick(WEIGHTS.UI, m.get('UI'));
  const c = pick(WEIGHTS.CIA, m.get('C'));
  const i = pick(WEIGHTS.CIA, m.get('I'));
  const a = pick(WEIGHTS.CIA, m.get('A'));
  if (av === null || ac === null || pr === null || ui === null || c === null || i === null || a === null) return null;

  const iss = 1 - (1 - c) * (1 - i) * (1 - a);
  const impact = scope === 'U' ? 6.42 * iss : 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15);
  const exploitability = 8.22 * av * ac * pr * ui;
  if (impact <= 0) return 0;
  const roundUp = parsed.version === '3.1' ? roundUp31 : roundUp30;
  const raw = scope === 'U' ? impact + exploitability : 1.08 * (impact + exploitability);
  return roundUp(Math.min(raw, 10));
}
