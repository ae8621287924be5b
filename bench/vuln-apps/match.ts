// Label matching for bench/vuln-apps: a finding confirms a label when it is in the same file, within ±2 lines,
// and its CWE is in the label's CWE family. Families are deliberately coarse (a scanner that calls a
// format-string SQL query CWE-89 and one that calls it CWE-943 found the same line).
import { existsSync, readFileSync } from 'node:fs';

/** CWE family per CWE number. A CWE not listed is its own family. */
const FAMILIES: Record<string, number[]> = {
  injection: [74, 77, 78, 88, 89, 90, 91, 94, 95, 96, 564, 643, 652, 917, 943, 1336],
  xss: [79, 80, 83, 87, 116],
  path: [22, 23, 35, 36, 73, 434],
  ssrf: [918],
  redirect: [601],
  deserialization: [502],
  xxe: [611, 776, 827],
  access: [269, 284, 285, 639, 862, 863, 915, 1321],
  credentials: [259, 321, 522, 798],
  crypto: [261, 326, 327, 328, 330, 338, 759, 760, 916],
  session: [287, 306, 345, 347, 384, 565, 613, 614, 1004, 1275],
  csrf: [352],
  exposure: [200, 204, 209, 215, 489, 497, 532, 538, 548],
  cors: [346, 942],
  dos: [400, 770, 1333],
};

const FAMILY_OF = new Map<number, string>(Object.entries(FAMILIES).flatMap(([name, cwes]) => cwes.map((c) => [c, name] as const)));

export const LINE_TOLERANCE = 2;

export function cweNumber(cwe: string): number {
  const n = Number(/(\d+)/.exec(cwe)?.[1]);
  if (!Number.isInteger(n)) throw new Error(`not a CWE: ${cwe}`);
  return n;
}

export function family(cwe: string | number): string {
  const n = typeof cwe === 'number' ? cwe : cweNumber(cwe);
  return FAMILY_OF.get(n) ?? `cwe-${n}`;
}

export interface Label {
  file: string;
  line: number;
  cwe: string;
  description: string;
  source: string;
}

/** A finding from any tool, reduced to what matching needs. */
export interface Hit {
  file: string;
  line: number;
  cwes: string[];
  rule: string;
  /** DueScan only: critical/high findings are the ones whose precision is measured. */
  severe?: boolean;
}

/** Minimal RFC 4180 reader for the label files (quoted fields may hold commas). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) continue;
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    rows.push(cells);
  }
  return rows;
}

export function readLabels(path: string): Label[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (header?.join(',') !== 'file,line,cwe,description,source') throw new Error(`${path}: header must be file,line,cwe,description,source`);
  return rows.map((r, i) => {
    const [file, line, cwe, description, source] = r;
    if (r.length !== 5 || !file || !Number.isInteger(Number(line)) || !/^CWE-\d+$/.test(cwe ?? '')) {
      throw new Error(`${path}:${i + 2}: expected file,line,CWE-n,description,source`);
    }
    return { file, line: Number(line), cwe: cwe as string, description: description ?? '', source: source ?? '' };
  });
}

export type TriageVerdict = 'true' | 'false';

/** triage.csv: project,file,line,rule,verdict,reason - critical/high findings on no labelled line, judged by reading. */
export function readTriage(path: string): Map<string, TriageVerdict> {
  const out = new Map<string, TriageVerdict>();
  if (!existsSync(path)) return out;
  const [, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  for (const [project, file, line, rule, verdict] of rows) {
    if (verdict !== 'true' && verdict !== 'false') throw new Error(`triage.csv: verdict must be true or false (${project} ${file}:${line})`);
    out.set(`${project}|${file}|${line}|${rule}`, verdict);
  }
  return out;
}

export function confirms(hit: Hit, label: Label): boolean {
  return hit.file === label.file && Math.abs(hit.line - label.line) <= LINE_TOLERANCE && hit.cwes.some((c) => family(c) === family(label.cwe));
}

/** A hit on a labelled line of any family is "on a labelled line" (not an unconfirmed extra). */
export function onLabelledLine(hit: Hit, labels: Label[]): boolean {
  return labels.some((l) => confirms(hit, l));
}

export interface Score {
  labels: number;
  found: number;
  recall: number;
  missed: Label[];
}

export function score(labels: Label[], hits: Hit[]): Score {
  const missed = labels.filter((l) => !hits.some((h) => confirms(h, l)));
  const found = labels.length - missed.length;
  return { labels: labels.length, found, recall: labels.length ? found / labels.length : 0, missed };
}
