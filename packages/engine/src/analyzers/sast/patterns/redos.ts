// A small ReDoS check: parse a regex (JS / Python / Java syntax, the common subset) and look for exponential
// backtracking shapes: an unbounded repetition whose body can match the same text in more than one way,
// i.e. (a) a nested unbounded repetition not separated by a mandatory, non-overlapping part ((a+)+, (\w+\s?)*),
// or (b) overlapping single-character alternatives ((\w|\d)+, (a|a)*). Possessive and atomic parts are safe.
import { CharSet, parseRegex, type Node } from './regex-parser';

/** Repetitions allowing this many or more iterations are treated as unbounded ({1,100} backtracks like +). */
const UNBOUNDED = 16;

function minLen(n: Node): number {
  switch (n.t) {
    case 'set': return 1;
    case 'empty': case 'assert': return 0;
    case 'seq': return n.items.reduce((a, x) => a + minLen(x), 0);
    case 'alt': return Math.min(...n.alts.map(minLen));
    case 'rep': return n.min * minLen(n.body);
    case 'atomic': return minLen(n.body);
  }
}

function chars(n: Node): CharSet {
  switch (n.t) {
    case 'set': return n.set;
    case 'empty': case 'assert': return new CharSet();
    case 'seq': return n.items.reduce((a, x) => a.union(chars(x)), new CharSet());
    case 'alt': return n.alts.reduce((a, x) => a.union(chars(x)), new CharSet());
    case 'rep': case 'atomic': return chars(n.body);
  }
}

/** Characters a match of `n` can start with. */
function first(n: Node): CharSet {
  switch (n.t) {
    case 'set': return n.set;
    case 'empty': case 'assert': return new CharSet();
    case 'seq': {
      const out = new CharSet();
      for (const item of n.items) {
        out.union(first(item));
        if (minLen(item) > 0) break;
      }
      return out;
    }
    case 'alt': return n.alts.reduce((a, x) => a.union(first(x)), new CharSet());
    case 'rep': case 'atomic': return first(n.body);
  }
}

const unboundedRep = (n: Node): n is Extract<Node, { t: 'rep' }> => n.t === 'rep' && n.max >= UNBOUNDED && !n.possessive && minLen(n.body) > 0;

/** Unwrap single-item sequences. */
function unwrap(n: Node): Node {
  while (n.t === 'seq' && n.items.length === 1) n = n.items[0]!;
  return n;
}

/** Can one iteration of `body` match the same text in several ways that a repetition then multiplies? */
function ambiguousBody(body: Node): boolean {
  const b = unwrap(body);
  const alts = b.t === 'alt' ? b.alts.map(unwrap) : [b];
  if (alts.length > 1) {
    const singles = alts.filter((a) => a.t === 'set');
    for (let i = 0; i < singles.length; i++)
      for (let j = i + 1; j < singles.length; j++) if (chars(singles[i]!).overlaps(chars(singles[j]!))) return true;
  }
  for (const alt of alts) {
    const items = alt.t === 'seq' ? alt.items.map(unwrap) : [alt];
    for (const item of items) {
      if (!unboundedRep(item)) continue;
      const set = chars(item.body);
      const others = items.filter((x) => x !== item);
      // A mandatory part that cannot start with the repeated characters separates the iterations.
      if (others.every((o) => minLen(o) === 0 || first(o).overlaps(set))) return true;
    }
  }
  return false;
}

/** Can the match still fail after this point? Without that, the first way found wins and nothing backtracks. */
const canFail = (n: Node): boolean => n.t === 'assert' || minLen(n) > 0 || (n.t === 'seq' && n.items.some(canFail)) || (n.t === 'alt' && n.alts.some(canFail));

function walk(n: Node, tail: boolean): boolean {
  switch (n.t) {
    case 'set': case 'empty': case 'assert': case 'atomic': return false;
    case 'seq': return n.items.some((item, i) => walk(item, tail || n.items.slice(i + 1).some(canFail)));
    case 'alt': return n.alts.some((a) => walk(a, tail));
    case 'rep': return (tail && n.max >= UNBOUNDED && !n.possessive && ambiguousBody(n.body)) || walk(n.body, tail);
  }
}

/**
 * True when the pattern has a catastrophic (exponential) backtracking shape followed by something that can fail.
 * `fullMatch`: the API anchors the end itself (Python fullmatch, Java String.matches). Unparseable input: false.
 */
export function isReDoSVulnerable(pattern: string, fullMatch = false): boolean {
  if (pattern.length > 2000) return false;
  try {
    return walk(parseRegex(pattern), fullMatch);
  } catch {
    return false;
  }
}
