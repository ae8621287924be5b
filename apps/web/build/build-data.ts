// Build-time data the public pages render: the sample-report gallery (written by packages/report's build into
// public/reports/samples.json) and the CLI download checksums (public/downloads/SHA256SUMS, written by the CLI
// distribution build when it exists). Both are read once at build, validated, and exposed as virtual modules,
// so the prerendered HTML carries them and no page fetches them at run time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { z } from 'zod';

const ZSampleCard = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  package: z.enum(['quick', 'pro', 'enterprise', 'ultra']),
  description: z.string().min(1),
  features: z.array(z.string().min(1)),
  filename: z.string().regex(/^[\w.-]+\.pdf$/),
  thumbnail: z.string().startsWith('/reports/'),
  thumbnailImage: z.string().startsWith('/reports/').nullable(),
  score: z.number(),
  grade: z.string(),
  findings: z.number().int(),
});
export type SampleCard = z.infer<typeof ZSampleCard>;

export interface CliDownload {
  filename: string;
  sha256: string;
}

export function readSampleCards(publicDir: string): SampleCard[] {
  const file = path.join(publicDir, 'reports', 'samples.json');
  if (!existsSync(file)) return [];
  return z.array(ZSampleCard).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** `sha256sum` output: "<64 hex>  <filename>" per line (a `*` before the name marks binary mode). */
export function parseSha256Sums(text: string): CliDownload[] {
  const downloads: CliDownload[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const match = /^([0-9a-f]{64})\s+\*?([\w.+-]+)$/i.exec(trimmed);
    if (!match) throw new Error(`SHA256SUMS: unreadable line "${trimmed}"`);
    downloads.push({ sha256: match[1]!.toLowerCase(), filename: match[2]! });
  }
  return downloads;
}

/**
 * The CLI release folder the server serves under /downloads/ (packages/cli/dist/downloads, built before the web
 * app by the workspace order), else a copy placed in public/downloads.
 */
export function readCliDownloads(publicDir: string): CliDownload[] {
  const candidates = [
    path.join(publicDir, '..', '..', '..', 'packages', 'cli', 'dist', 'downloads', 'SHA256SUMS'),
    path.join(publicDir, 'downloads', 'SHA256SUMS'),
  ];
  const file = candidates.find((f) => existsSync(f));
  return file ? parseSha256Sums(readFileSync(file, 'utf8')) : [];
}

const MODULES: Record<string, (publicDir: string) => unknown> = {
  'virtual:sample-reports': readSampleCards,
  'virtual:cli-downloads': readCliDownloads,
};

export function buildData(publicDir: string): Plugin {
  return {
    name: 'duescan-build-data',
    resolveId(id) {
      return id in MODULES ? `\0${id}` : null;
    },
    load(id) {
      const name = id.startsWith('\0') ? id.slice(1) : null;
      const read = name ? MODULES[name] : undefined;
      if (!read) return null;
      return `export default ${JSON.stringify(read(publicDir))};`;
    },
  };
}
