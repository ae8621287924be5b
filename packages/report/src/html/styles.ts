// The HTML report's stylesheet, inlined. Fonts are embedded as data URLs so the file makes no requests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND } from '../model/labels';

let fontFaces: string | null = null;
function embeddedFonts(): string {
  if (fontFaces) return fontFaces;
  const data = (name: string) => readFileSync(fileURLToPath(new URL(`../fonts/${name}`, import.meta.url))).toString('base64');
  fontFaces =
    `@font-face{font-family:"DS Inter";font-weight:400;src:url(data:font/otf;base64,${data('Inter-Regular.otf')}) format("opentype")}` +
    `@font-face{font-family:"DS Inter";font-weight:700;src:url(data:font/otf;base64,${data('Inter-Bold.otf')}) format("opentype")}`;
  return fontFaces;
}

export function css(): string {
  return `${embeddedFonts()}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 "DS Inter",system-ui,sans-serif;color:${BRAND.ink};background:#eef1f6}
main{max-width:960px;margin:0 auto;background:#fff;box-shadow:0 1px 12px rgba(0,0,0,.06)}
header.cover{background:${BRAND.accent};color:#fff;padding:40px 56px 32px}header.cover .brand{display:flex;justify-content:space-between;font-weight:700}
header.cover .brand span{font-weight:400;letter-spacing:.15em;font-size:12px;color:#c7d2fe}header.cover h1{font-size:34px;margin:40px 0 12px;word-break:break-word}
.badge{display:inline-block;background:#3b5bdb;border-radius:4px;padding:2px 10px;font-size:12px;font-weight:700;letter-spacing:.05em}
.hero{display:grid;grid-template-columns:240px 1fr;gap:32px;padding:32px 56px;align-items:center}.gauge{width:220px}
.stats small,.box small,.kpis small{display:block;color:${BRAND.muted};font-size:11px;letter-spacing:.08em;font-weight:700}.stats strong{display:block;font-size:22px;margin-bottom:12px}
section{padding:8px 56px 32px;border-top:1px solid ${BRAND.rule}}section>h2{font-size:26px;margin:28px 0 16px;padding-bottom:8px;border-bottom:2px solid ${BRAND.accent}}
section>h2 small{display:block;font-size:11px;letter-spacing:.12em;color:${BRAND.accent}}h3{font-size:17px;margin:24px 0 8px}h4{font-size:15px;margin:8px 0 2px}h5{font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:${BRAND.muted};margin:12px 0 2px}
nav.toc{padding:8px 56px 24px}nav.toc ol{columns:2;margin:0;padding-left:0;list-style:none}nav.toc a{color:${BRAND.accent};text-decoration:none}
.lead{font-size:17px}.note,.muted{color:${BRAND.muted}}.note{font-size:13px}
.boxes,.kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px}.box{background:${BRAND.panel};border-left:5px solid;padding:12px 16px;border-radius:4px}.box strong{font-size:22px}.box p{margin:4px 0 0;font-size:14px}
.kpis div{background:${BRAND.panel};border-radius:4px;padding:10px 14px}.kpis strong{font-size:20px;display:block}
ul.good li::marker{color:#2f855a}ul.bad li::marker{color:#9b1c1c}
table{width:100%;border-collapse:collapse;margin:8px 0 16px;font-size:13px}th{background:${BRAND.accent};color:#fff;text-align:left;padding:6px 8px;font-weight:700}td{padding:6px 8px;border-bottom:1px solid ${BRAND.rule};vertical-align:top;word-break:break-word}
tbody tr:nth-child(even){background:${BRAND.panel}}table.num td+td{text-align:right}
.sev{display:inline-block;color:#fff;border-radius:3px;padding:1px 8px;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
code,pre{font-family:"DejaVu Sans Mono",ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}pre{background:${BRAND.code};border-left:3px solid ${BRAND.faint};padding:10px 12px;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
.finding{border-left:4px solid;padding:4px 0 12px 16px;margin:20px 0;border-bottom:1px solid ${BRAND.rule}}.fhead{display:flex;gap:8px;align-items:center}.fid{margin-left:auto;color:${BRAND.muted}}
.tags{color:${BRAND.accent};font-size:12.5px}.loc{margin:2px 0 6px}ol.trace{font-size:13px;padding-left:22px}
svg.chart{width:100%;height:auto;display:block;margin:6px 0 12px;font-family:"DS Inter",system-ui,sans-serif}svg.matrix{width:min(100%,480px);height:auto;font-family:"DS Inter",system-ui,sans-serif}
footer{padding:20px 56px;color:${BRAND.muted};font-size:12px;border-top:1px solid ${BRAND.rule}}
@media print{body{background:#fff}main{box-shadow:none}section{break-before:page}.finding{break-inside:avoid}}
@media (max-width:700px){.hero{grid-template-columns:1fr}header.cover,section,nav.toc,.hero,footer{padding-left:20px;padding-right:20px}}`;
}
