// A small ReDoS check: parse a regex (JS / Python / Java syntax, the common subset) and look for exponential
// backtracking shapes: an unbounded repetition whose body can match the same text in more than one way,
// i.e. (a) a nested unbounded repetition not separated by a mandatory, non-overlapping part ((a+)+, (\w+\s?)*),
// or (b) overlapping single-character alternatives ((\w|\d)+, (a|a)*). Possessive and atomic parts are safe.

class CharSet {
  readonly bits = new Uint32Array(4);
  other = false;
  add(code: number): this {
    if (code < 128) this.bits[code >> 5]! |= 1 << (code & 31);
    else this.other = true;
    return this;
  }
  addRange(from: number, to: number): this {
    for (let c = from; c <= Math.min(to, 127); c++) this.add(c);
    if (to >= 128) this.other = true;
    return this;
  }
  union(o: CharSet): this {
    for (let i = 0; i < 4; i++) this.bits[i]! |= o.bits[i]!;
    this.other ||= o.other;
    return this;
  }
  negate(): CharSet {
    const n = new CharSet();
    for (let i = 0; i < 4; i++) n.bits[i] = ~this.bits[i]! >>> 0;
    n.other = true;
    return n;
  }
  overlaps(o: CharSet): boolean {
    for (let i = 0; i < 4; i++) if ((this.bits[i]! & o.bits[i]!) !== 0) return true;
    return this.other && o.other;
  }
}

type Node =
  | { t: 'set'; set: CharSet }
  | { t: 'empty' }
  /** Zero-width test that can fail ($, \b, lookarounds): gives backtracking something to fail on. */
  | { t: 'assert' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'rep'; body: Node; min: number; max: number; possessive: boolean }
  | { t: 'atomic'; body: Node };

const UNBOUNDED = 16;
const cls = (f: (s: CharSet) => void) => {
  const s = new CharSet();
  f(s);
  return s;
};
const DIGIT = cls((s) => s.addRange(48, 57));
const WORD = cls((s) => s.addRange(48, 57).addRange(65, 90).addRange(97, 122).add(95));
const SPACE = cls((s) => [9, 10, 11, 12, 13, 32].forEach((c) => s.add(c)));
const DOT = cls((s) => s.addRange(0, 9).addRange(11, 0x10ffff));
const ANY = cls((s) => s.addRange(0, 0x10ffff));

class Parser {
  i = 0;
  constructor(private readonly src: string) {}
  peek(): string {
    return this.src[this.i] ?? '';
  }
  parseAlt(): Node {
    const alts: Node[] = [this.parseSeq()];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.parseSeq());
    }
    return alts.length === 1 ? alts[0]! : { t: 'alt', alts };
  }
  parseSeq(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.parseAtom();
      items.push(this.parseQuantifier(atom));
    }
    return { t: 'seq', items };
  }
  parseQuantifier(atom: Node): Node {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(this.src.slice(this.i));
      if (!m || (m[1] === '' && m[3] === '')) return atom;
      this.i += m[0].length;
      min = Number(m[1] || 0);
      max = m[2] ? (m[3] ? Number(m[3]) : Infinity) : min;
    } else return atom;
    let possessive = false;
    if (this.peek() === '?') this.i++;
    else if (this.peek() === '+') {
      this.i++;
      possessive = true;
    }
    return this.parseQuantifier({ t: 'rep', body: atom, min, max, possessive });
  }
  parseAtom(): Node {
    const c = this.src[this.i++] ?? '';
    if (c === '(') return this.parseGroup();
    if (c === '[') return { t: 'set', set: this.parseClass() };
    if (c === '.') return { t: 'set', set: DOT };
    if (c === '^') return { t: 'empty' };
    if (c === '$') return { t: 'assert' };
    if (c === '\\') return this.parseEscape(false);
    return { t: 'set', set: new CharSet().add(c.codePointAt(0) ?? 0) };
  }
  parseGroup(): Node {
    let kind: 'plain' | 'look' | 'atomic' | 'comment' = 'plain';
    if (this.peek() === '?') {
      const rest = this.src.slice(this.i + 1);
      const m = /^(P?<[A-Za-z_]\w*>|:|=|!|<=|<!|>|#|[a-zA-Z-]*:|[a-zA-Z-]+\))/.exec(rest);
      const tok = m?.[1] ?? '';
      this.i += 1 + tok.length;
      if (tok === '=' || tok === '!' || tok === '<=' || tok === '<!') kind = 'look';
      else if (tok === '>') kind = 'atomic';
      else if (tok === '#') kind = 'comment';
      else if (tok.endsWith(')')) return { t: 'empty' }; // inline flags like (?i)
    }
    if (kind === 'comment') {
      while (this.i < this.src.length && this.peek() !== ')') this.i++;
      this.i++;
      return { t: 'empty' };
    }
    const body = this.parseAlt();
    this.i++; // ')'
    if (kind === 'look') return { t: 'assert' };
    return kind === 'atomic' ? { t: 'atomic', body } : body;
  }
  parseEscape(inClass: boolean): Node & { t: 'set' | 'empty' | 'assert' } {
    const c = this.src[this.i++] ?? '';
    const set = (s: CharSet) => ({ t: 'set' as const, set: s });
    switch (c) {
      case 'd': return set(DIGIT);
      case 'D': return set(DIGIT.negate());
      case 'w': return set(WORD);
      case 'W': return set(WORD.negate());
      case 's': return set(SPACE);
      case 'S': return set(SPACE.negate());
      case 'b': return inClass ? set(new CharSet().add(8)) : { t: 'assert' };
      case 'B': case 'Z': case 'z': return { t: 'assert' };
      case 'A': case 'G': return { t: 'empty' };
      case 'n': return set(new CharSet().add(10));
      case 't': return set(new CharSet().add(9));
      case 'r': return set(new CharSet().add(13));
      case 'f': return set(new CharSet().add(12));
      case 'v': return set(new CharSet().add(11));
      case 'x': {
        const m = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i));
        if (m) this.i += 2;
        return set(new CharSet().add(m ? parseInt(m[0], 16) : 120));
      }
      case 'u': {
        const m = /^(\{[0-9a-fA-F]+\}|[0-9a-fA-F]{4})/.exec(this.src.slice(this.i));
        if (m) this.i += m[0].length;
        return set(new CharSet().add(m ? parseInt(m[0].replace(/[{}]/g, ''), 16) : 117));
      }
      case 'p': case 'P': {
        const m = /^\{[^}]*\}|^[A-Za-z]/.exec(this.src.slice(this.i));
        if (m) this.i += m[0].length;
        return set(cls((s) => s.addRange(65, 90).addRange(97, 122).addRange(128, 0x10ffff)));
      }
      default:
        if (/[1-9]/.test(c) && !inClass) return set(ANY); // backreference
        return set(new CharSet().add(c.codePointAt(0) ?? 0));
    }
  }
  parseClass(): CharSet {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const out = new CharSet();
    let first = true;
    while (this.i < this.src.length && (this.peek() !== ']' || first)) {
      first = false;
      let lo: number | null;
      if (this.peek() === '\\') {
        this.i++;
        const e = this.parseEscape(true);
        if (e.t !== 'set') continue;
        const codes = singleCode(e.set);
        if (codes === null) {
          out.union(e.set);
          continue;
        }
        lo = codes;
      } else if (this.peek() === '[' && /^\[:\w+:\]/.test(this.src.slice(this.i))) {
        this.i = this.src.indexOf(']', this.i) + 1;
        out.union(WORD);
        continue;
      } else {
        lo = this.src.codePointAt(this.i) ?? 0;
        this.i += lo > 0xffff ? 2 : 1;
      }
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        this.i++;
        let hi: number;
        if (this.peek() === '\\') {
          this.i++;
          const e = this.parseEscape(true);
          hi = e.t === 'set' ? (singleCode(e.set) ?? lo) : lo;
        } else {
          hi = this.src.codePointAt(this.i) ?? lo;
          this.i += hi > 0xffff ? 2 : 1;
        }
        out.addRange(lo, Math.max(lo, hi));
      } else out.add(lo);
    }
    this.i++; // ']'
    return negated ? out.negate() : out;
  }
}

function singleCode(s: CharSet): number | null {
  let found: number | null = null;
  for (let c = 0; c < 128; c++) {
    if (s.bits[c >> 5]! & (1 << (c & 31))) {
      if (found !== null) return null;
      found = c;
    }
  }
  return s.other ? null : found;
}

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
    const p = new Parser(pattern);
    const tree = p.parseAlt();
    return walk(tree, fullMatch);
  } catch {
    return false;
  }
}
