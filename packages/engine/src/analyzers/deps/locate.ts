// Finds the line of a package entry in its lockfile so a finding points at something a reviewer can open.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` is what appears in the file (for Maven, the artifactId). */
export function locatePackage(lines: readonly string[], name: string, version: string): number {
  // The exact version, not a range that contains it ("^4.17.15" in a manifest section is not the install).
  const exact = new RegExp(`(?<![\\w.^~<>*-])${escape(version)}(?![\\w.])`);
  let nameOnly = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.includes(name)) continue;
    if (nameOnly === 0) nameOnly = i + 1;
    if (exact.test(lines[i]!)) return i + 1;
    // JSON/TOML entries put the version a few lines below their key; a later mention of the name is closer.
    for (let j = i + 1; j < Math.min(lines.length, i + 6) && !lines[j]!.includes(name); j++) {
      if (exact.test(lines[j]!)) return i + 1;
    }
  }
  return nameOnly || 0; // not found in the file: no line rather than a made-up line 1
}
