// The project's own secret-scanner allowlist: values a `.gitleaks.toml` declares not to be secrets (its `regexes`
// and `stopwords` lists, in an allowlist table or a rule's allowlist), the dummy keys of its tests and CI. A value it
// matches is reported at low, not dropped: the report must not be silenced by a file the scanned project writes.

const CONFIG = /(^|\/)\.?gitleaks\.toml$/;
const LIST = /^\s*(regexes|stopwords)\s*=\s*\[([\s\S]*?)\]/gm;
const STRING = /'''([\s\S]*?)'''|"""([\s\S]*?)"""|'([^'\n]*)'|"((?:[^"\\\n]|\\.)*)"/g;

export interface ProjectAllowlist {
  allows(value: string): boolean;
}

export const NO_ALLOWLIST: ProjectAllowlist = { allows: () => false };

export function isAllowlistConfig(path: string): boolean {
  return CONFIG.test(path);
}

/** Reads every allowlist list of the given gitleaks configuration texts. Patterns that do not compile are ignored. */
export function projectAllowlist(configs: readonly string[]): ProjectAllowlist {
  const patterns: RegExp[] = [];
  const stopwords: string[] = [];
  for (const text of configs) {
    for (const list of text.matchAll(LIST)) {
      for (const s of list[2]!.matchAll(STRING)) {
        const raw = s[1] ?? s[2] ?? s[3] ?? (s[4] !== undefined ? s[4].replace(/\\(.)/g, '$1') : undefined);
        if (!raw) continue;
        if (list[1] === 'stopwords') {
          stopwords.push(raw.toLowerCase());
          continue;
        }
        // Go's inline (?i) flag becomes the JS flag
        const insensitive = raw.startsWith('(?i)');
        try {
          patterns.push(new RegExp(insensitive ? raw.slice(4) : raw, insensitive ? 'i' : ''));
        } catch {
          // a Go-only construct: not read
        }
      }
    }
  }
  if (!patterns.length && !stopwords.length) return NO_ALLOWLIST;
  return {
    allows: (value) => patterns.some((p) => p.test(value)) || stopwords.some((w) => value.toLowerCase().includes(w)),
  };
}
