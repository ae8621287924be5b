// Retry-After is either delay-seconds or an HTTP-date (RFC 9110 10.2.3); anything else is ignored.

/** Milliseconds to wait, or null when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with a day name; Date.parse alone takes "-3" as a year.
  if (!/^[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Exponential backoff with full jitter: a random wait in [0, base * 2^attempt), capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  return Math.min(maxMs, Math.floor(random() * baseMs * 2 ** attempt));
}
