// What a Django URL pattern hands its view: the captures of `path()` routes (`<int:pk>`, `<str:name>`) and of
// `re_path()`/`url()` regular expressions (`(?P<name>...)`, unnamed groups), each with the shape of the text it
// can carry. The shape decides the taint: an int, a UUID or a digits-only group cannot carry an injection, a
// slug (letters, digits, `-`, `_`) cannot leave a directory or open markup, anything else is attacker text.

/** clean: digits/hex/fixed words; slug: [-\w] only (no `/`, `.`, quotes, `<`); any: arbitrary text. */
export type CaptureShape = 'clean' | 'slug' | 'any';

export interface Capture {
  /** Keyword the view receives; null for a positional group (only when the regex has no named group). */
  name: string | null;
  shape: CaptureShape;
  /** How it was written, for the trace: 'str', 'int', 'regex [\w.-]+'. */
  how: string;
}

/** Django's own converters (django/urls/converters.py); an unknown custom converter is assumed to carry text. */
const CONVERTER_SHAPE = new Map<string, CaptureShape>([['int', 'clean'], ['uuid', 'clean'], ['slug', 'slug'], ['str', 'any'], ['path', 'any']]);

/** Same expression Django uses to find `<converter:name>` in a route (django/urls/resolvers.py). */
const PATH_PARAM = /<(?:([^>:]+):)?([^>]+)>/g;

/** Captures of a `path()` route; `custom` holds converters registered with register_converter(). */
export function pathCaptures(route: string, custom: ReadonlyMap<string, CaptureShape> = new Map()): Capture[] {
  const out: Capture[] = [];
  for (const m of route.matchAll(PATH_PARAM)) {
    const conv = m[1] ?? 'str';
    out.push({ name: m[2] as string, shape: CONVERTER_SHAPE.get(conv) ?? custom.get(conv) ?? 'any', how: conv });
  }
  return out;
}

/** Captures of a `re_path()` regex: named groups as keywords; unnamed groups positionally only when none is named. */
export function regexCaptures(regex: string): Capture[] {
  const groups = regexGroups(regex);
  const named = groups.filter((g) => g.name !== null);
  const used = named.length > 0 ? named : groups;
  return used.map((g) => ({ name: g.name, shape: groupShape(g.body), how: `regex ${g.body.length > 24 ? `${g.body.slice(0, 21)}...` : g.body}` }));
}

interface Group {
  name: string | null;
  body: string;
}

/** Capturing groups in order of their opening parenthesis (escapes and character classes skipped). */
export function regexGroups(re: string): Group[] {
  const open: { start: number; name: string | null; capturing: boolean; at: number }[] = [];
  const out: (Group & { at: number })[] = [];
  for (let i = 0; i < re.length; i++) {
    const ch = re[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') {
      i = classEnd(re, i);
      continue;
    }
    if (ch === '(') {
      const named = /^\(\?P<([A-Za-z_]\w*)>/.exec(re.slice(i));
      if (named) {
        open.push({ start: i + named[0].length, name: named[1] as string, capturing: true, at: i });
        i += named[0].length - 1;
      } else {
        open.push({ start: i + 1, name: null, capturing: re[i + 1] !== '?', at: i });
      }
    } else if (ch === ')') {
      const g = open.pop();
      if (g?.capturing) out.push({ name: g.name, body: re.slice(g.start, i), at: g.at });
    }
  }
  return out.sort((a, b) => a.at - b.at).map(({ name, body }) => ({ name, body }));
}

/** Index of the `]` closing the class that opens at `i` (a leading `]` or `^]` is a member). */
function classEnd(re: string, i: number): number {
  let j = i + 1;
  if (re[j] === '^') j++;
  if (re[j] === ']') j++;
  for (; j < re.length; j++) {
    if (re[j] === '\\') j++;
    else if (re[j] === ']') return j;
  }
  return re.length;
}

/**
 * Alternatives of plain words (`stable`, `_downloads|_source`): the capture is one of fixed strings. One flat
 * repetition (a `|` only between two words) rather than words-then-(`|`-words)*: the patterns come from the
 * scanned, untrusted project, and the flat form is plainly linear (the nested one is too, but our ReDoS rule
 * cannot prove it and flagged it).
 */
const LITERAL_ALTERNATION = /^(?!\|)(?:[A-Za-z0-9_-]|\\[^A-Za-z0-9]|\|(?!\||$))+$/;

interface Chars {
  digit: boolean;
  hex: boolean;
  word: boolean;
  other: boolean;
}

/** The widest text a group body can match, by the characters it admits (structure and counts ignored). */
export function groupShape(body: string): CaptureShape {
  if (body === '' || LITERAL_ALTERNATION.test(body)) return 'clean';
  const cs: Chars = { digit: false, hex: false, word: false, other: false };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch === '\\') {
      escapeChars(body[++i] ?? '', cs);
    } else if (ch === '[') {
      const end = classEnd(body, i);
      classChars(body.slice(i + 1, end), cs);
      i = end;
    } else if (ch === '(') {
      // (?:  (?P<name>  (?=  : the prefix adds no characters
      const m = /^\(\?(?:P<\w+>|[:=!]|<[=!])?/.exec(body.slice(i));
      if (m) i += m[0].length - 1;
    } else if (ch === '{') {
      const m = /^\{\d*(,\d*)?\}/.exec(body.slice(i));
      if (m) i += m[0].length - 1;
      else literal(ch, cs);
    } else if (!'|)?*+^$'.includes(ch)) {
      literal(ch, cs);
    }
  }
  if (cs.other) return 'any';
  return cs.word ? 'slug' : 'clean';
}

function escapeChars(c: string, cs: Chars): void {
  if (c === 'd') cs.digit = true;
  else if (c === 'w') cs.word = true;
  else if ('bBAZ'.includes(c) && c !== '') return;
  else if (/[A-Za-z0-9]/.test(c)) cs.other = true; // \s \S \D \W \n ...
  else literal(c, cs);
}

function classChars(members: string, cs: Chars): void {
  if (members.startsWith('^')) {
    cs.other = true;
    return;
  }
  for (let i = 0; i < members.length; i++) {
    const c = members[i] as string;
    if (c === '\\') {
      escapeChars(members[++i] ?? '', cs);
      continue;
    }
    const to = members[i + 2];
    if (members[i + 1] === '-' && to !== undefined && to !== '\\') {
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0) && code < c.charCodeAt(0) + 200; code++) literal(String.fromCharCode(code), cs);
      if (to.charCodeAt(0) - c.charCodeAt(0) >= 200) cs.other = true;
      i += 2;
      continue;
    }
    literal(c, cs);
  }
}

function literal(c: string, cs: Chars): void {
  if (/[0-9]/.test(c)) cs.digit = true;
  else if (/[a-fA-F]/.test(c)) cs.hex = true;
  else if (/[A-Za-z_-]/.test(c)) cs.word = true;
  else cs.other = true;
}
