// Inline SVG charts for the HTML report, the same shapes as the PDF's.
import type { Confidence, Severity } from '@duescan/engine';
import { GAUGE_START, GAUGE_SWEEP, arcPath, heat, heatText } from '../model/geometry';
import { BRAND, CONFIDENCE_LABEL, CONFIDENCE_ORDER, SEVERITY_COLOR, SEVERITY_LABEL, SEVERITY_ORDER, scoreColor } from '../model/labels';
import { esc } from './escape';

export function gaugeSvg(score: number, grade: string): string {
  const cx = 100;
  const cy = 100;
  const r = 80;
  const value = score > 0 ? `<path d="${arcPath(cx, cy, r, GAUGE_START, (GAUGE_SWEEP * score) / 100)}" stroke="${scoreColor(score)}" stroke-width="14" fill="none" stroke-linecap="round"/>` : '';
  return `<svg class="gauge" viewBox="0 0 200 190" role="img" aria-label="Security score ${Math.round(score)} percent, grade ${esc(grade)}">
<path d="${arcPath(cx, cy, r, GAUGE_START, GAUGE_SWEEP)}" stroke="${BRAND.rule}" stroke-width="14" fill="none" stroke-linecap="round"/>${value}
<text x="100" y="108" text-anchor="middle" font-size="44" font-weight="700" fill="${BRAND.ink}">${Math.round(score)}%</text>
<text x="100" y="130" text-anchor="middle" font-size="9" letter-spacing="1" fill="${BRAND.muted}">SECURITY SCORE</text>
<rect x="62" y="148" width="76" height="22" rx="11" fill="${scoreColor(score)}"/>
<text x="100" y="163" text-anchor="middle" font-size="12" font-weight="700" fill="#fff">Grade ${esc(grade)}</text></svg>`;
}

export interface SvgBar {
  label: string;
  /** null = not measured: no track is drawn (an empty one would read as 0), `note` says why. */
  value: number | null;
  note?: string;
  max: number;
  color: string;
  valueLabel: string;
}

export function barsSvg(bars: SvgBar[], labelWidth = 260): string {
  const rowH = 22;
  const width = 720;
  const track = width - labelWidth - 50;
  const rows = bars
    .map((b, i) => {
      const y = i * rowH;
      if (b.value === null) {
        return `<text x="0" y="${y + 14}" font-size="12" fill="${BRAND.ink}">${esc(b.label)}</text>
<text x="${labelWidth}" y="${y + 14}" font-size="11" fill="${BRAND.muted}">${esc(b.note ?? '')}</text>
<text x="${width}" y="${y + 14}" font-size="12" font-weight="700" text-anchor="end" fill="${BRAND.muted}">${esc(b.valueLabel)}</text>`;
      }
      const len = b.max > 0 ? Math.max(b.value > 0 ? 6 : 0, (track * b.value) / b.max) : 0;
      return `<text x="0" y="${y + 14}" font-size="12" fill="${BRAND.ink}">${esc(b.label)}</text>
<rect x="${labelWidth}" y="${y + 6}" width="${track}" height="9" rx="4.5" fill="${BRAND.panel}"/>${len > 0 ? `<rect x="${labelWidth}" y="${y + 6}" width="${len.toFixed(1)}" height="9" rx="4.5" fill="${b.color}"/>` : ''}
<text x="${width}" y="${y + 14}" font-size="12" font-weight="700" text-anchor="end" fill="${BRAND.ink}">${esc(b.valueLabel)}</text>`;
    })
    .join('\n');
  return `<svg class="chart" viewBox="0 0 ${width} ${bars.length * rowH}" role="img">${rows}</svg>`;
}

export function matrixSvg(matrix: Record<Severity, Record<Confidence, number>>): string {
  const max = Math.max(1, ...SEVERITY_ORDER.flatMap((s) => CONFIDENCE_ORDER.map((c) => matrix[s][c])));
  const cw = 110;
  const ch = 32;
  const x0 = 100;
  const head = CONFIDENCE_ORDER.map((c, i) => `<text x="${x0 + i * cw + cw / 2}" y="30" text-anchor="middle" font-size="12" font-weight="700">${CONFIDENCE_LABEL[c]}</text>`).join('');
  const cells = SEVERITY_ORDER.map((s, r) => {
    const y = 40 + r * ch;
    const row = CONFIDENCE_ORDER.map((c, i) => {
      const n = matrix[s][c];
      return `<rect x="${x0 + i * cw + 1}" y="${y + 1}" width="${cw - 2}" height="${ch - 2}" fill="${heat(SEVERITY_COLOR[s], n, max)}" stroke="${BRAND.rule}"/><text x="${x0 + i * cw + cw / 2}" y="${y + 21}" text-anchor="middle" font-size="13" font-weight="700" fill="${heatText(n, max)}">${n}</text>`;
    }).join('');
    return `<rect x="0" y="${y + 12}" width="8" height="8" fill="${SEVERITY_COLOR[s]}"/><text x="14" y="${y + 20}" font-size="12" font-weight="700">${SEVERITY_LABEL[s]}</text>${row}`;
  }).join('');
  return `<svg class="matrix" viewBox="0 0 ${x0 + cw * 3} ${40 + ch * 5}" role="img" aria-label="Risk matrix"><text x="${x0 + (cw * 3) / 2}" y="12" text-anchor="middle" font-size="10" letter-spacing="1" fill="${BRAND.muted}">CONFIDENCE</text>${head}${cells}</svg>`;
}

export function severityStripSvg(counts: Record<Severity, number>): string {
  const total = SEVERITY_ORDER.reduce((s, k) => s + counts[k], 0);
  let x = 0;
  const segs = SEVERITY_ORDER.filter((s) => counts[s] > 0).map((s) => {
    const w = (720 * counts[s]) / total;
    const r = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="12" fill="${SEVERITY_COLOR[s]}"/>`;
    x += w;
    return r;
  });
  const legend = SEVERITY_ORDER.map((s, i) => `<rect x="${i * 140}" y="24" width="9" height="9" fill="${SEVERITY_COLOR[s]}"/><text x="${i * 140 + 14}" y="33" font-size="12">${SEVERITY_LABEL[s]} ${counts[s]}</text>`).join('');
  return `<svg class="chart" viewBox="0 0 720 40" role="img">${total === 0 ? `<rect width="720" height="12" fill="${BRAND.panel}"/>` : segs.join('')}${legend}</svg>`;
}

export function activitySvg(months: { month: string; commits: number }[]): string {
  if (months.length === 0) return '';
  const max = Math.max(1, ...months.map((m) => m.commits));
  const slot = 720 / months.length;
  const cols = months
    .map((m, i) => {
      const h = 100 * (m.commits / max);
      const x = i * slot;
      return `<rect x="${(x + slot * 0.18).toFixed(1)}" y="${(120 - h).toFixed(1)}" width="${(slot * 0.64).toFixed(1)}" height="${h.toFixed(1)}" fill="${BRAND.accent}"/><text x="${(x + slot / 2).toFixed(1)}" y="${(116 - h).toFixed(1)}" text-anchor="middle" font-size="10">${m.commits}</text><text x="${(x + slot / 2).toFixed(1)}" y="136" text-anchor="middle" font-size="10" fill="${BRAND.muted}">${esc(m.month.slice(2))}</text>`;
    })
    .join('');
  return `<svg class="chart" viewBox="0 0 720 140" role="img" aria-label="Commits per month"><line x1="0" y1="120" x2="720" y2="120" stroke="${BRAND.faint}"/>${cols}</svg>`;
}
