// Code / comment / blank line counter, one small state machine per comment-syntax family. It is quote-aware
// (a "//" inside a string is code) but, like most fast counters, treats multi-line strings and Python
// docstrings as code.

export interface LineCounts {
  code: number;
  comment: number;
  blank: number;
}

interface Syntax {
  line: string[];
  block: [string, string][];
  quotes: string;
}

const C_LIKE: Syntax = { line: ['//'], block: [['/*', '*/']], quotes: `"'\`` };
const HASH: Syntax = { line: ['#'], block: [], quotes: `"'` };
const MARKUP: Syntax = { line: [], block: [['<!--', '-->']], quotes: '' };
const NONE: Syntax = { line: [], block: [], quotes: `"` };

const SYNTAX: Record<string, Syntax> = {
  javascript: C_LIKE,
  typescript: C_LIKE,
  tsx: C_LIKE,
  java: C_LIKE,
  go: C_LIKE,
  csharp: C_LIKE,
  kotlin: C_LIKE,
  swift: C_LIKE,
  rust: C_LIKE,
  c: C_LIKE,
  cpp: C_LIKE,
  scala: C_LIKE,
  php: { line: ['//', '#'], block: [['/*', '*/']], quotes: `"'` },
  css: { line: [], block: [['/*', '*/']], quotes: `"'` },
  vue: { line: ['//'], block: [['/*', '*/'], ['<!--', '-->']], quotes: `"'\`` },
  svelte: { line: ['//'], block: [['/*', '*/'], ['<!--', '-->']], quotes: `"'\`` },
  python: HASH,
  ruby: { line: ['#'], block: [['=begin', '=end']], quotes: `"'` },
  shell: HASH,
  yaml: HASH,
  dockerfile: HASH,
  terraform: { line: ['#', '//'], block: [['/*', '*/']], quotes: `"` },
  sql: { line: ['--'], block: [['/*', '*/']], quotes: `'"` },
  html: MARKUP,
  markdown: MARKUP,
  json: NONE,
};

export function syntaxFor(language: string): Syntax {
  return SYNTAX[language] ?? NONE;
}

/** A syntax with what the per-character loop asks of it precomputed. */
interface Scanner extends Syntax {
  /** First characters of the comment tokens: a token can only start at one of them. */
  openers: string;
  /** Finds the next opener or quote (global, set lastIndex first): the only characters that matter once a line has code. */
  special: RegExp;
}

const scanners = new Map<Syntax, Scanner>();
function scannerFor(syntax: Syntax): Scanner {
  let s = scanners.get(syntax);
  if (!s) {
    const tokens = [...syntax.line, ...syntax.block.map(([open]) => open)];
    const openers = [...new Set(tokens.map((t) => t[0]!))].join('');
    const chars = [...new Set(openers + syntax.quotes)].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    scanners.set(syntax, (s = { ...syntax, openers, special: new RegExp(chars ? `[${chars}]` : '[]', 'g') }));
  }
  return s;
}

export function countLines(text: string, language: string): LineCounts {
  const syntax = scannerFor(syntaxFor(language));
  const counts: LineCounts = { code: 0, comment: 0, blank: 0 };
  let openBlock: string | null = null; // the closing token of the block comment we are inside
  let start = 0;
  const length = text.length;
  while (start <= length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = length;
    if (start === length && end === length) break; // no trailing empty line after the final newline
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === '') {
      counts.blank++;
      continue;
    }
    const result = scanLine(line, syntax, openBlock);
    openBlock = result.openBlock;
    if (result.code) counts.code++;
    else counts.comment++;
  }
  return counts;
}

function scanLine(line: string, syntax: Scanner, openBlock: string | null): { code: boolean; openBlock: string | null } {
  let code = false;
  let i = 0;
  while (i < line.length) {
    if (openBlock !== null) {
      const close = line.indexOf(openBlock, i);
      if (close === -1) return { code, openBlock };
      i = close + openBlock.length;
      openBlock = null;
      continue;
    }
    if (code) {
      // Once the line has code, any other character only sets `code` again: jump to the next opener or quote.
      syntax.special.lastIndex = i;
      const next = syntax.special.exec(line);
      if (next === null) break;
      i = next.index;
    }
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      continue;
    }
    // Only a comment token's first character can start one (most characters of a line are not: Juice Shop's
    // LOC count spent most of its time testing every token at every character).
    if (syntax.openers.includes(ch)) {
      if (syntax.line.some((t) => line.startsWith(t, i))) return { code, openBlock: null };
      const block = syntax.block.find(([open]) => line.startsWith(open, i));
      if (block) {
        openBlock = block[1];
        i += block[0].length;
        continue;
      }
    }
    // Once the line has code, only a block comment left open can still matter: without block comments (Python,
    // shell, YAML) the rest of the line changes nothing.
    if (code && syntax.block.length === 0) return { code, openBlock: null };
    code = true;
    if (syntax.quotes.includes(ch)) i = skipString(line, i);
    else i++;
  }
  return { code, openBlock };
}

/** Index just past the string literal starting at `from` (or the end of the line if it does not close). */
function skipString(line: string, from: number): number {
  const quote = line[from];
  for (let i = from + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === quote) return i + 1;
  }
  return line.length;
}
