// Secret values never leave the analyzer: reports show at most the first 4 characters (enough to recognise a
// key type such as "AKIA" or "ghp_") and never for short values, where 4 characters would be most of it.
import { shannonEntropy } from './entropy';

export function redact(value: string): string {
  return value.length >= 16 ? `${value.slice(0, 4)}…` : '…';
}

/** Long random-looking runs: other parts of the same credential (a one-line PEM in JSON) or a second key. */
const LONG_TOKEN = /[A-Za-z0-9+/=_-]{24,}/g;

/**
 * A source line with every secret on it redacted, trimmed to a readable length. Besides the detected values,
 * any other long high-entropy run is masked too, so a snippet can never carry the rest of a key.
 */
export function redactLine(line: string, secrets: string[]): string {
  let out = line;
  for (const secret of secrets) out = out.split(secret).join(redact(secret));
  out = maskLongTokens(out).trim();
  return out.length > 200 ? `${out.slice(0, 200)}…` : out;
}

/** Masks long high-entropy runs the rules did not name (the rest of a key, a second key). */
export function maskLongTokens(text: string): string {
  return text.replace(LONG_TOKEN, (run) => (shannonEntropy(run) >= 3.5 ? redact(run) : run));
}
