// Redacts every secret the secrets analyzer would find in a block of text, keeping the lines' layout: used
// where code leaves the engine as text (the code context sent to a configured AI model, packages/ai).
import { findSecrets } from './find-secrets';
import { redact, maskLongTokens } from './redact';

export function redactSecrets(text: string, path: string): string {
  const values = findSecrets(text, path, { generic: true }).map((h) => h.value);
  // Longest first, so a value that contains a shorter one is replaced whole.
  values.sort((a, b) => b.length - a.length);
  let out = text;
  for (const value of values) out = out.split(value).join(redact(value));
  return maskLongTokens(out);
}
