// Helpers for rules over files without a tree: line scanning with comment skipping, and a tolerant scanner for
// the flat key/value sections of package.json (we need line numbers, which JSON.parse does not give).
import type { TextHit } from './types';

export function lineHit(line: number, text: string): TextHit {
  const trimmed = text.trim();
  return { line, key: trimmed.replace(/\s+/g, ' '), snippet: trimmed.length > 200 ? `${trimmed.slice(0, 197)}...` : trimmed };
}

/** Every non-comment line (`#` comments) that `test` accepts. */
export function scanLines(text: string, test: (line: string, index: number, lines: string[]) => boolean): TextHit[] {
  const lines = text.split(/\r?\n/);
  const out: TextHit[] = [];
  lines.forEach((l, i) => {
    if (/^\s*#/.test(l)) return;
    if (test(l, i, lines)) out.push(lineHit(i + 1, l));
  });
  return out;
}

export interface JsonEntry {
  section: string;
  key: string;
  value: string;
  line: number;
  raw: string;
}

/** `"key": "value"` entries inside top-level `"section": { ... }` objects of a formatted JSON manifest. */
export function jsonSectionEntries(text: string, sections: ReadonlySet<string>): JsonEntry[] {
  const out: JsonEntry[] = [];
  let current: string | null = null;
  let depth = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const open = /^\s*"([^"]+)"\s*:\s*\{\s*$/.exec(raw);
    if (depth === 0 && open) {
      current = sections.has(open[1] ?? '') ? (open[1] ?? null) : null;
      depth = 1;
      if (/\}\s*,?\s*$/.test(raw.slice(raw.indexOf('{') + 1))) depth = 0;
      return;
    }
    if (depth > 0) {
      depth += (raw.match(/\{/g) ?? []).length - (raw.match(/\}/g) ?? []).length;
      const kv = /^\s*"((?:\\.|[^"\\])*)"\s*:\s*"((?:\\.|[^"\\])*)"/.exec(raw);
      if (current && depth === 1 && kv) out.push({ section: current, key: kv[1] ?? '', value: (kv[2] ?? '').replace(/\\"/g, '"'), line: i + 1, raw });
      if (depth <= 0) {
        depth = 0;
        current = null;
      }
    }
  });
  return out;
}
