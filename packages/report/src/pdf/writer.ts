// A thin layer over PDFKit: page geometry, fonts, text blocks that never split awkwardly, tables, code
// boxes, the outline, and the running header and footer stamped on every page at the end.
import PDFDocument from 'pdfkit';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND } from '../model/labels';

const fontPath = (name: string) => fileURLToPath(new URL(`../fonts/${name}`, import.meta.url));
// Read once per process: fonts are the only files the renderer touches.
let fontCache: Record<'sans' | 'bold' | 'mono', Buffer> | null = null;
function fonts() {
  fontCache ??= {
    sans: readFileSync(fontPath('Inter-Regular.otf')),
    bold: readFileSync(fontPath('Inter-Bold.otf')),
    mono: readFileSync(fontPath('DejaVuSansMono.ttf')),
  };
  return fontCache;
}

export type FontName = 'sans' | 'bold' | 'mono';

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  font?: FontName;
}

export interface TableCell {
  text: string;
  color?: string;
  font?: FontName;
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly left = 54;
  readonly right: number;
  readonly width: number;
  readonly top = 70;
  readonly bottomLimit: number;

  constructor(meta: { title: string; author: string; subject: string; keywords: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 70, bottom: 62, left: 54, right: 54 },
      bufferPages: true,
      autoFirstPage: false,
      compress: true,
      info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Keywords: meta.keywords, Creator: 'DueScan', Producer: 'DueScan' },
      displayTitle: true,
      lang: 'en-GB',
    } as PDFKit.PDFDocumentOptions);
    this.doc.on('pageAdded', () => {
      this.pageStartY = this.doc.y;
    });
    const f = fonts();
    this.doc.registerFont('sans', f.sans);
    this.doc.registerFont('bold', f.bold);
    this.doc.registerFont('mono', f.mono);
    this.right = 595.28 - 54;
    this.width = this.right - this.left;
    this.bottomLimit = 841.89 - 62;
  }

  get y(): number {
    return this.doc.y;
  }

  set y(v: number) {
    this.doc.y = v;
  }

  addPage(): void {
    this.doc.addPage();
    this.doc.x = this.left;
    this.doc.y = this.top;
    this.pageStartY = this.top;
  }

  /** Where content starts on the current page; pdfkit's own breaks (text flowing over the margin) set it too. */
  private pageStartY = 0;

  /** True when nothing has been written on the current page since it was opened. */
  get onFreshPage(): boolean {
    return this.doc.y <= this.pageStartY + 0.5;
  }

  /**
   * Starts a new page when fewer than `height` points are left. A heading waiting to be drawn (see h2) is
   * drawn here, on the same page as the block that asked for the space, so a heading never ends a page.
   */
  ensure(height: number): void {
    const heading = this.pendingHeading;
    this.pendingHeading = null;
    if (!heading) {
      if (this.doc.y + height > this.bottomLimit) this.addPage();
      return;
    }
    const size = heading.level === 2 ? 12.5 : 10;
    const before = heading.level === 2 ? 6 : 0;
    const after = heading.level === 2 ? 5 : 3;
    const h = before + this.estimateHeight(heading.text, size, this.width, 0) + after;
    if (this.doc.y + h + height > this.bottomLimit) this.addPage();
    this.doc.y += before;
    this.font('bold', size).text(heading.text, this.left, this.doc.y, { width: this.width });
    this.doc.y += after;
    if (this.doc.y + height > this.bottomLimit) this.addPage();
  }

  private pendingHeading: { text: string; level: 2 | 3 } | null = null;

  /** Sets font, size and colour; returns the document so a text call can follow. */
  font(name: FontName, size: number, color: string = BRAND.ink): PDFKit.PDFDocument {
    return this.doc.font(name).fontSize(size).fillColor(color);
  }

  heightOf(text: string, font: FontName, size: number, width = this.width, lineGap = 2): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text, { width, lineGap });
  }

  /** Section title with a rule under it, and an outline entry. */
  sectionTitle(number: number, title: string): void {
    this.doc.outline.addItem(`${number}. ${title}`);
    this.font('bold', 8, BRAND.accent).text(`SECTION ${number}`, this.left, this.top, { characterSpacing: 1.2 });
    this.font('bold', 20).text(title, this.left, this.doc.y + 2);
    const y = this.doc.y + 6;
    this.doc.moveTo(this.left, y).lineTo(this.right, y).lineWidth(1.2).strokeColor(BRAND.accent).stroke();
    this.doc.y = y + 14;
  }

  /** A heading is drawn by the next block's ensure(), on the page where that block starts. */
  h2(text: string): void {
    this.ensure(0);
    this.pendingHeading = { text, level: 2 };
  }

  h3(text: string): void {
    this.ensure(0);
    this.pendingHeading = { text, level: 3 };
  }

  /**
   * Cheap upper-bound height of wrapped text, used only to decide page breaks: an exact measure would lay the
   * text out twice, which dominates render time on long reports.
   */
  estimateHeight(text: string, size: number, width: number, lineGap = 2): number {
    const perLine = Math.max(1, Math.floor(width / (size * 0.55)));
    const lines = text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / perLine)), 0);
    return lines * (size * 1.22 + lineGap);
  }

  para(text: string, opts: { size?: number; color?: string; font?: FontName; x?: number; width?: number; gap?: number } = {}): void {
    const size = opts.size ?? 9.5;
    const font = opts.font ?? 'sans';
    const x = opts.x ?? this.left;
    const width = opts.width ?? this.right - x;
    const h = this.estimateHeight(text, size, width);
    // Short paragraphs stay whole; long ones may break but keep at least three lines on this page.
    this.ensure(h < 120 ? h : size * 4);
    this.font(font, size, opts.color ?? BRAND.ink).text(text, x, this.doc.y, { width, lineGap: 2 });
    this.doc.y += opts.gap ?? 6;
  }

  /** Label: value pairs in two aligned columns. */
  keyValues(rows: [string, string][], labelWidth = 130, size = 9): void {
    for (const [k, v] of rows) {
      this.ensure(this.estimateHeight(v, size, this.width - labelWidth) + 3);
      const y = this.doc.y;
      this.font('bold', size, BRAND.muted).text(k, this.left, y, { width: labelWidth - 8 });
      const afterLabel = this.doc.y;
      this.font('sans', size).text(v, this.left + labelWidth, y, { width: this.width - labelWidth, lineGap: 2 });
      this.doc.y = Math.max(afterLabel, this.doc.y) + 3;
    }
  }

  bullets(items: string[], opts: { color?: string; marker?: string; size?: number } = {}): void {
    const size = opts.size ?? 9.5;
    for (const item of items) {
      this.ensure(this.estimateHeight(item, size, this.width - 14) + 3);
      const y = this.doc.y;
      this.doc.circle(this.left + 3, y + size * 0.55, 2).fill(opts.color ?? BRAND.accent);
      this.font('sans', size).text(item, this.left + 14, y, { width: this.width - 14, lineGap: 2 });
      this.doc.y += 4;
    }
  }

  /**
   * Monospace box. Lines are hard-wrapped by character count (the font is monospaced, so widths are exact),
   * which makes the box height exact without a second layout pass. Splits across pages when very long.
   */
  codeBox(text: string, opts: { x?: number; size?: number } = {}): void {
    const x = opts.x ?? this.left;
    const width = this.right - x;
    const size = opts.size ?? 7.5;
    const pad = 6;
    // DejaVu Sans Mono advances 1233/2048 em per glyph.
    const perLine = Math.floor((width - pad * 2 - 2) / (size * 0.6021));
    const lines = text
      .replace(/\t/g, '  ')
      .split('\n')
      .flatMap((l) => (l.length <= perLine ? [l || ' '] : (l.match(new RegExp(`.{1,${perLine}}`, 'g')) ?? [' '])));
    this.doc.font('mono').fontSize(size);
    const lh = this.doc.currentLineHeight(true) + 1;
    let i = 0;
    while (i < lines.length) {
      this.ensure(lh * 2 + pad * 2);
      const fit = Math.max(1, Math.floor((this.bottomLimit - this.doc.y - pad * 2) / lh));
      const chunk = lines.slice(i, i + fit);
      i += chunk.length;
      const h = chunk.length * lh;
      const y = this.doc.y;
      this.doc.roundedRect(x, y, width, h + pad * 2, 3).fill(BRAND.code);
      this.doc.rect(x, y, 2, h + pad * 2).fill(BRAND.faint);
      chunk.forEach((line, n) => {
        this.font('mono', size, '#2d3748').text(line, x + pad + 2, y + pad + n * lh, { lineBreak: false });
      });
      this.doc.y = y + h + pad * 2 + 6;
      if (i < lines.length) this.addPage();
    }
  }

  /** Height of a table cell; short single-line text skips the layout pass (the common case in big tables). */
  private cellHeight(text: string, font: FontName, size: number, width: number): number {
    const maxAdvance = font === 'mono' ? 0.6021 : 0.75;
    if (!text.includes('\n') && text.length * size * maxAdvance <= width) {
      this.doc.font(font).fontSize(size);
      return this.doc.currentLineHeight(true) + 1;
    }
    return this.heightOf(text, font, size, width, 1);
  }

  /** Simple table with a header row repeated on each page; rows never split. */
  table(columns: Column[], rows: (string | TableCell)[][], opts: { size?: number; zebra?: boolean } = {}): void {
    const size = opts.size ?? 8.5;
    const pad = 4;
    const drawHeader = () => {
      const y = this.doc.y;
      this.doc.rect(this.left, y, this.width, size + pad * 2 + 2).fill(BRAND.accent);
      let x = this.left;
      for (const c of columns) {
        this.font('bold', size - 0.5, '#ffffff').text(c.header, x + pad, y + pad + 1, { width: c.width - pad * 2, align: c.align ?? 'left', lineBreak: false });
        x += c.width;
      }
      this.doc.y = y + size + pad * 2 + 2;
    };
    const prepared = rows.map((row) => {
      const cells = row.map((c) => (typeof c === 'string' ? { text: c } : c));
      const h = Math.max(...cells.map((c, i) => this.cellHeight(c.text || ' ', c.font ?? columns[i]!.font ?? 'sans', size, columns[i]!.width - pad * 2))) + pad * 2;
      return { cells, h };
    });
    // A short table moves to the next page whole rather than leaving a row or two behind.
    const total = prepared.reduce((sum, r) => sum + r.h, size + pad * 2 + 2);
    this.ensure(total < 260 ? total : size * 4 + pad * 6);
    drawHeader();
    prepared.forEach(({ cells, h }, r) => {
      if (this.doc.y + h > this.bottomLimit) {
        this.addPage();
        drawHeader();
      }
      const y = this.doc.y;
      if (opts.zebra !== false && r % 2 === 1) this.doc.rect(this.left, y, this.width, h).fill(BRAND.panel);
      let x = this.left;
      cells.forEach((c, i) => {
        const col = columns[i]!;
        this.font(c.font ?? col.font ?? 'sans', size, c.color ?? BRAND.ink).text(c.text, x + pad, y + pad, { width: col.width - pad * 2, align: col.align ?? 'left', lineGap: 1 });
        x += col.width;
      });
      this.doc.moveTo(this.left, y + h).lineTo(this.right, y + h).lineWidth(0.4).strokeColor(BRAND.rule).stroke();
      this.doc.y = y + h;
    });
    this.doc.y += 10;
  }

  /** Truncates `text` with an ellipsis so it fits on one line of `width` in the current font. */
  fit(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${text.slice(0, lo).trimEnd()}…`;
  }

  /** Small coloured label; returns its width. */
  chip(text: string, x: number, y: number, color: string, size = 7): number {
    this.doc.font('bold').fontSize(size);
    const w = this.doc.widthOfString(text) + 10;
    this.doc.roundedRect(x, y, w, size + 6, 3).fill(color);
    this.doc.fillColor('#ffffff').text(text, x + 5, y + 3.2, { lineBreak: false });
    return w;
  }

  /** Running header and footer on every page but the cover, added once the page count is known. */
  stampPages(project: string, confidentiality: string, subtitle: string): void {
    const range = this.doc.bufferedPageRange();
    const total = range.count;
    for (let i = range.start; i < range.start + total; i++) {
      this.doc.switchToPage(i);
      // Writing inside the margins must not trigger PDFKit's automatic page break.
      const saved = this.doc.page.margins;
      this.doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      if (i > range.start) {
        this.font('bold', 8, BRAND.ink).text('DueScan', this.left, 30, { lineBreak: false });
        this.font('sans', 8, BRAND.muted).text(`${project}  |  ${subtitle}`, this.left + 48, 30, { width: this.width - 48, align: 'right', lineBreak: false });
        this.doc.moveTo(this.left, 44).lineTo(this.right, 44).lineWidth(0.5).strokeColor(BRAND.rule).stroke();
      }
      const fy = 841.89 - 40;
      this.doc.moveTo(this.left, fy - 6).lineTo(this.right, fy - 6).lineWidth(0.5).strokeColor(BRAND.rule).stroke();
      this.font('sans', 7, BRAND.muted).text(confidentiality, this.left, fy, { width: this.width - 80, lineBreak: false });
      this.font('bold', 7.5, BRAND.ink).text(`Page ${i - range.start + 1} of ${total}`, this.right - 80, fy, { width: 80, align: 'right', lineBreak: false });
      this.doc.page.margins = saved;
    }
  }

  finish(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
