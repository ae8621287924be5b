// Reads a rendered PDF back the way a viewer does (pdfjs-dist): page count, outline and text per page.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContents {
  pages: number;
  outline: string[];
  /** Text of each page, items joined by spaces. */
  pageText: string[];
  info: Record<string, unknown>;
  fonts: Set<string>;
  /** Text runs that cross the page's side margins or run off its top/bottom: page, text and box. */
  outOfBounds: { page: number; text: string; x: number; y: number; right: number }[];
}

// A4 in points and the renderer's side margins (54 pt); text may touch the margin line but not cross it.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 54;
const TOLERANCE = 1.5;

export async function inspectPdf(pdf: Buffer): Promise<PdfContents> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const outline = ((await doc.getOutline()) ?? []).map((o) => o.title);
    const pageText: string[] = [];
    const fonts = new Set<string>();
    const outOfBounds: PdfContents['outOfBounds'] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      pageText.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
      for (const it of content.items) {
        if (!('str' in it) || it.str.trim() === '') continue;
        const x = it.transform[4] as number;
        const y = it.transform[5] as number;
        const right = x + it.width;
        if (x < MARGIN - TOLERANCE || right > PAGE_W - MARGIN + TOLERANCE || y < 20 || y > PAGE_H - 20) outOfBounds.push({ page: i, text: it.str, x, y, right });
      }
      for (const style of Object.values(content.styles)) fonts.add(style.fontFamily);
    }
    const meta = await doc.getMetadata();
    return { pages: doc.numPages, outline, pageText, info: meta.info as Record<string, unknown>, fonts, outOfBounds };
  } finally {
    await doc.destroy();
  }
}
