// Durations in user-facing messages, in the unit the operator configured: SCAN_TIMEOUT=1ms reads "1 millisecond",
// REPORT_RETENTION=36h reads "36 hours" (never rounded to a unit that says something else, like "1 minute").

const UNITS: [ms: number, name: string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
  [1, 'millisecond'],
];

/** The largest unit that divides the duration exactly; 36h stays "36 hours", 90s stays "90 seconds". */
export function describeDuration(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`Not a duration in milliseconds: ${ms}`);
  // Days only up to a week: "48 hours" reads better than "2 days" for a retention period operators set in hours.
  const [unit, name] = UNITS.find(([u]) => ms % u === 0 && (u !== 86_400_000 || ms >= 7 * u)) ?? UNITS.at(-1)!;
  const n = ms / unit;
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}
