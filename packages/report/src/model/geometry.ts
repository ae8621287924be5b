// Shared chart geometry so the PDF and the SVG charts draw the same shapes.

/** The gauge spans 240 degrees, from lower left (210 deg) clockwise to lower right (-30 deg). */
export const GAUGE_START = 210;
export const GAUGE_SWEEP = 240;

export function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(rad), cy - r * Math.sin(rad)];
}

/** SVG path data for an arc from `fromDeg` clockwise by `sweep` degrees (y axis pointing down). */
export function arcPath(cx: number, cy: number, r: number, fromDeg: number, sweep: number): string {
  const s = Math.max(0.01, Math.min(sweep, 359.99));
  const [x1, y1] = polar(cx, cy, r, fromDeg);
  const [x2, y2] = polar(cx, cy, r, fromDeg - s);
  const large = s > 180 ? 1 : 0;
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${r} ${r} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/** Heat-map fill for a risk-matrix cell: white for 0, up to the severity colour at full strength. */
export function heat(color: string, count: number, max: number): string {
  if (count === 0) return '#ffffff';
  const t = 0.25 + 0.75 * Math.min(1, count / Math.max(1, max));
  const n = parseInt(color.slice(1), 16);
  const mix = (c: number) => Math.round(255 + (c - 255) * t);
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** Text on a heat cell: white on strong fills, ink on light ones. */
export function heatText(count: number, max: number): string {
  return count > 0 && count / Math.max(1, max) > 0.45 ? '#ffffff' : '#1a202c';
}
