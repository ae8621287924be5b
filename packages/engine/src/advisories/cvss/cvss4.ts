// CVSS v4.0 base score (CVSS-B). The score needs the specification's MacroVector lookup table and its severity
// distances, so it comes from ae-cvss-calculator (which matches the reference calculator on all 104,976 base vectors);
// we validate the vector ourselves first because the library scores incomplete vectors, unknown values and repeated
// metrics instead of rejecting them. Returns null for a vector that is not a complete, valid v4.0 vector.
//
// Like cvss3BaseScore, only the base metrics count: a published vector's threat (E), environmental and supplemental
// metrics are checked for validity but do not change the score, so v3 and v4 scores stay comparable base scores.
import cvssCalculator from 'ae-cvss-calculator';

// A default import: the package is a CommonJS bundle whose named exports Node cannot detect.
const { Cvss4P0 } = cvssCalculator;

/** Base metrics in specification order, with their allowed values. All are mandatory. */
const BASE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['AV', ['N', 'A', 'L', 'P']],
  ['AC', ['L', 'H']],
  ['AT', ['N', 'P']],
  ['PR', ['N', 'L', 'H']],
  ['UI', ['N', 'P', 'A']],
  ['VC', ['H', 'L', 'N']],
  ['VI', ['H', 'L', 'N']],
  ['VA', ['H', 'L', 'N']],
  ['SC', ['H', 'L', 'N']],
  ['SI', ['H', 'L', 'N']],
  ['SA', ['H', 'L', 'N']],
];

const CIA = ['X', 'H', 'L', 'N'];
const REQUIREMENT = ['X', 'H', 'M', 'L'];
const SUBSEQUENT_SAFETY = ['X', 'S', 'H', 'L', 'N'];

/** Optional threat, environmental and supplemental metrics (X = not defined). */
const OPTIONAL: Readonly<Record<string, readonly string[]>> = {
  E: ['X', 'A', 'P', 'U'],
  CR: REQUIREMENT,
  IR: REQUIREMENT,
  AR: REQUIREMENT,
  MAV: ['X', 'N', 'A', 'L', 'P'],
  MAC: ['X', 'L', 'H'],
  MAT: ['X', 'N', 'P'],
  MPR: ['X', 'N', 'L', 'H'],
  MUI: ['X', 'N', 'P', 'A'],
  MVC: CIA,
  MVI: CIA,
  MVA: CIA,
  MSC: CIA,
  MSI: SUBSEQUENT_SAFETY,
  MSA: SUBSEQUENT_SAFETY,
  S: ['X', 'N', 'P'],
  AU: ['X', 'N', 'Y'],
  R: ['X', 'A', 'U', 'I'],
  V: ['X', 'D', 'C'],
  RE: ['X', 'L', 'M', 'H'],
  U: ['X', 'Clear', 'Green', 'Amber', 'Red'],
};

const BASE_VALUES = new Map(BASE);

/**
 * The vector's base part in canonical order, or null when the vector is invalid. Metric order is not enforced
 * (the meaning is unambiguous either way); unknown metrics, unknown values and repeated metrics are invalid.
 */
function canonicalBaseVector(vector: string): string | null {
  const parts = vector.trim().split('/');
  if (parts.shift() !== 'CVSS:4.0') return null;
  const metrics = new Map<string, string>();
  for (const part of parts) {
    const [key, value, extra] = part.split(':');
    if (!key || !value || extra !== undefined || metrics.has(key)) return null;
    const allowed = BASE_VALUES.get(key) ?? (Object.hasOwn(OPTIONAL, key) ? OPTIONAL[key] : undefined);
    if (!allowed?.includes(value)) return null;
    metrics.set(key, value);
  }
  if (BASE.some(([key]) => !metrics.has(key))) return null;
  return ['CVSS:4.0', ...BASE.map(([key]) => `${key}:${metrics.get(key)}`)].join('/');
}

/** Scoring takes ~0.3 ms; one advisory often matches several lockfiles, and a database repeats few vectors. */
const memo = new Map<string, number>();
const MEMO_LIMIT = 10_000;

export function cvss4BaseScore(vector: string): number | null {
  const base = canonicalBaseVector(vector);
  if (!base) return null;
  const known = memo.get(base);
  if (known !== undefined) return known;
  let score: number;
  try {
    score = new Cvss4P0(base).calculateScores().overall;
  } catch {
    return null; // not expected after validation; a library fault must not fail the scan
  }
  if (!Number.isFinite(score) || score < 0 || score > 10) return null;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(base, score);
  return score;
}
