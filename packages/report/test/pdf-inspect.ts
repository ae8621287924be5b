// Reads a rendered PDF back the way a viewer does (pdfjs-dist): page count, outline and text per page.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContents {
  pages: number;
  outline: string[];
  /** Text of each page, items joined by spaces. */
  pageText: string[];
  info: Record<string, unknown>;
  fonts: Set<string>;
}

export async function inspectPdf(pdf: Buffer): Promise<PdfContents> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const outline = ((await doc.getOutline()) ?? []).map((o) => o.title);
    const pageText: string[] = [];
    const fonts = new Set<string>();
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      pageText.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
      for (const style of Object.values(content.styles)) fonts.add(style.fontFamily);
    }
    const meta = await doc.getMetadata();
    return { pages: doc.numPages, outline, pageText, info: meta.info as Record<string, unknown>, fonts };
  } finally {
    await doc.destroy();
  }
}
