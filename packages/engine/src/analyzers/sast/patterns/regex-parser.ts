// A small regex parser (JS / Python / Java common subset) producing character sets, sequences, alternations,
// repetitions and zero-width assertions: just what the ReDoS check needs, not a full regex engine.
export class CharSet {
  readonly bits = new Uint32Array(4);
  /** Code points from 128 up, as [lo, hi] ranges (unmerged): `[\u00A0-\uD7FF]` and `[\uF900-\uFDCF]` do not overlap. */
  high: [number, number][] = [];
  get other(): boolean {
    return this.high.length > 0;
  }
  add(code: number): this {
    if (code < 128) this.bits[code >> 5]! |= 1 << (code & 31);
    else this.high.push([code, code]);
    return this;
  }
  addRange(from: number, to: number): this {
    for (let c = from; c <= Math.min(to, 127); c++) this.add(c);
    if (to >= 128) this.high.push([Math.max(from, 128), to]);
    return this;
  }
  union(o: CharSet): this {
    for (let i = 0; i < 4; i++) this.bits[i]! |= o.bits[i]!;
    if (o.high.length) this.high.push(...o.high);
    return this;
  }
  negate(): CharSet {
    const n = new CharSet();
    for (let i = 0; i < 4; i++) n.bits[i] = ~this.bits[i]! >>> 0;
    let next = 128;
    for (const [lo, hi] of [...this.high].sort((a, b) => a[0] - b[0])) {
      if (lo > next) n.high.push([next, lo - 1]);
      next = Math.max(next, hi + 1);
    }
    if (next <= 0x10ffff) n.high.push([next, 0x10ffff]);
    return n;
  }
  overlaps(o: CharSet): boolean {
    for (let i = 0; i < 4; i++) if ((this.bits[i]! & o.bits[i]!) !== 0) return true;
    return this.high.some(([a, b]) => o.high.some(([c, d]) => a <= d && c <= b));
  }
}

export type Node =
  | { t: 'set'; set: CharSet }
  | { t: 'empty' }
  /** Zero-width test that can fail ($, \b, lookarounds): gives backtracking something to fail on. */
  | { t: 'assert' }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'rep'; body: Node; min: number; max: number; possessive: boolean }
  | { t: 'atomic'; body: Node };

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
  /** Capturing groups by number, once closed: the one character set a group matches, when it matches exactly one. */
  private readonly groups: (CharSet | null | undefined)[] = [];
  private groupCount = 0;
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
    // plain `(...)` and named groups capture; `(?:...)`, lookarounds and atomic groups do not
    const opened = this.src.slice(0, this.i);
    const capturing = kind === 'plain' && (/\($/.test(opened) || /\(\?P?<[A-Za-z_]\w*>$/.test(opened));
    const index = capturing ? ++this.groupCount : 0;
    const body = this.parseAlt();
    if (capturing) {
      let one: Node = body;
      while (one.t === 'seq' && one.items.length === 1) one = one.items[0]!;
      this.groups[index] = one.t === 'set' ? one.set : null;
    }
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
        // a backreference matches what its group matched: one character of the group's set when the group is a
        // single character (`([-*_])\s*(\1\s*){2,}`), anything otherwise
        if (/[1-9]/.test(c) && !inClass) return set(this.groups[Number(c)] ?? ANY);
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
  if (!s.other) return found;
  // one non-ASCII code point (an escape such as \u00A0), usable as a range end
  const [range] = s.high;
  return found === null && s.high.length === 1 && range![0] === range![1] ? range![0] : null;
}

/** Parse a regex source (JS / Python / Java common subset) into the small AST the ReDoS check reads. */
export function parseRegex(pattern: string): Node {
  return new Parser(pattern).parseAlt();
}
