// Secret values never leave the analyzer: reports show at most the first 4 characters (enough to recognise a
// key type such as "AKIA" or "ghp_") and never for short values, where 4 characters would be most of it.
export function redact(value: string): string {
  return value.length >= 16 ? `${value.slice(0, 4)}…` : '…';
}

/** A source line with every secret on it redacted, trimmed to a readable length. */
export function redactLine(line: string, secrets: string[]): string {
  let out = line;
  for (const secret of secrets) out = out.split(secret).join(redact(secret));
  out = out.trim();
  return out.length > 200 ? `${out.slice(0, 200)}…` : out;
}
