// Maven version ordering, following the basics of org.apache.maven.artifact.versioning.ComparableVersion:
// tokens split on '.', '-' and digit/letter transitions; numbers compare numerically; known qualifiers
// are ordered alpha < beta < milestone < rc < snapshot < release < sp; trailing zero/release tokens vanish.

type Token = { kind: 'number'; value: bigint } | { kind: 'string'; value: string };

const QUALIFIER_ORDER = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Record<string, string> = { a: 'alpha', b: 'beta', m: 'milestone', cr: 'rc', ga: '', final: '', release: '' };

function canonicalQualifier(q: string): string {
  const lower = q.toLowerCase();
  return ALIASES[lower] ?? lower;
}

function tokenize(version: string): Token[] {
  const tokens: Token[] = [];
  for (const part of version.trim().toLowerCase().split(/[.-]/)) {
    for (const piece of part.match(/\d+|[^\d]+/g) ?? ['0']) {
      tokens.push(/^\d+$/.test(piece) ? { kind: 'number', value: BigInt(piece) } : { kind: 'string', value: canonicalQualifier(piece) });
    }
  }
  // Trailing "nulls" (0, release qualifiers) do not change the version: 1.0 == 1 == 1.0.0-final.
  while (tokens.length > 0) {
    const last = tokens[tokens.length - 1]!;
    if ((last.kind === 'number' && last.value === 0n) || (last.kind === 'string' && last.value === '')) tokens.pop();
    else break;
  }
  return tokens;
}

function qualifierRank(q: string): [number, string] {
  const index = QUALIFIER_ORDER.indexOf(q);
  return index >= 0 ? [index, ''] : [QUALIFIER_ORDER.length, q];
}

function compareStrings(a: string, b: string): number {
  const [ra, sa] = qualifierRank(a);
  const [rb, sb] = qualifierRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Compares a token with a missing one (the shorter version padded with "null"). */
function compareWithNull(t: Token): number {
  if (t.kind === 'number') return t.value === 0n ? 0 : 1;
  return compareStrings(t.value, '');
}

function compareTokens(a: Token, b: Token): number {
  if (a.kind === 'number' && b.kind === 'number') return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  if (a.kind === 'number') return 1; // a number is newer than any qualifier: 1.1 > 1-rc
  if (b.kind === 'number') return -1;
  return compareStrings(a.value, b.value);
}

export function compareMavenVersions(a: string, b: string): number {
  const ta = tokenize(a);
  const tb = tokenize(b);
  for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
    const x = ta[i];
    const y = tb[i];
    const c = x && y ? compareTokens(x, y) : x ? compareWithNull(x) : -compareWithNull(y!);
    if (c !== 0) return c;
  }
  return 0;
}
