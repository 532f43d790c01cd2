/**
 * A small flowing layout over pdf-lib for the sale's documents: US Letter pages, DejaVu Sans
 * embedded (subset) so every reader shows the same glyphs, headings, wrapped paragraphs,
 * label/value rows, money tables, and signature lines whose places are recorded as the
 * e-signature provider's tabs (page, x, y from the bottom-left, as PDF coordinates are).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;
const fonts = () => (fontBytes ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) });

export type Signer = 'buyer' | 'seller';
export interface SignatureTab {
  signer: Signer;
  type: 'signHere' | 'initialHere' | 'dateSigned';
  page: number;
  x: number;
  y: number;
}

const PAGE = { width: 612, height: 792, margin: 56 };
const INK = rgb(0.12, 0.16, 0.2);
const MUTED = rgb(0.32, 0.38, 0.43);

export interface Writer {
  heading(text: string): void;
  subheading(text: string): void;
  paragraph(text: string, options?: { muted?: boolean; size?: number }): void;
  rows(rows: [string, string][]): void;
  signature(signer: Signer, label: string): void;
  /** Initials for `signer` at the foot of the current page. */
  initials(signer: Signer): void;
  gap(points?: number): void;
  finish(): Promise<{ bytes: Uint8Array; tabs: SignatureTab[] }>;
}

export async function pdfWriter(meta: { title: string; subject: string }): Promise<Writer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fonts().regular, { subset: true });
  const bold = await pdf.embedFont(fonts().bold, { subset: true });
  pdf.setTitle(meta.title);
  pdf.setSubject(meta.subject);
  pdf.setAuthor('Caramel');
  pdf.setCreator('Caramel marketplace');
  pdf.setCreationDate(new Date());
  const tabs: SignatureTab[] = [];
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;

  const room = (needed: number) => {
    if (y - needed >= PAGE.margin + 24) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const lines = (text: string, font: PDFFont, size: number, max: number) => {
    const out: string[] = [];
    for (const block of text.split('\n')) {
      let line = '';
      for (const word of block.split(/\s+/).filter(Boolean)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > max && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  };
  const write = (text: string, font: PDFFont, size: number, color = INK, x = PAGE.margin, max = width) => {
    for (const line of lines(text, font, size, max)) {
      room(size * 1.45);
      y -= size * 1.45;
      page.drawText(line, { x, y, size, font, color });
    }
  };
  const pageIndex = () => pdf.getPages().indexOf(page) + 1;

  return {
    heading: (text) => {
      write(text, bold, 17);
      y -= 6;
    },
    subheading: (text) => {
      y -= 8;
      write(text, bold, 12);
    },
    paragraph: (text, options = {}) => {
      write(text, regular, options.size ?? 10, options.muted ? MUTED : INK);
      y -= 4;
    },
    rows: (rows) => {
      for (const [label, value] of rows) {
        const valueLines = lines(value, regular, 10, width * 0.58);
        room(valueLines.length * 14.5 + 2);
        page.drawText(label, { x: PAGE.margin, y: y - 14.5, size: 10, font: bold, color: MUTED });
        for (const line of valueLines) {
          y -= 14.5;
          page.drawText(line, { x: PAGE.margin + width * 0.42, y, size: 10, font: regular, color: INK });
        }
        y -= 2;
      }
      y -= 4;
    },
    signature: (signer, label) => {
      room(70);
      y -= 44;
      page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.margin + 260, y }, thickness: 0.8, color: INK });
      page.drawLine({ start: { x: PAGE.margin + 300, y }, end: { x: PAGE.margin + 420, y }, thickness: 0.8, color: INK });
      tabs.push({ signer, type: 'signHere', page: pageIndex(), x: PAGE.margin + 4, y: y + 6 });
      tabs.push({ signer, type: 'dateSigned', page: pageIndex(), x: PAGE.margin + 304, y: y + 6 });
      page.drawText(label, { x: PAGE.margin, y: y - 12, size: 9, font: regular, color: MUTED });
      page.drawText('Date', { x: PAGE.margin + 300, y: y - 12, size: 9, font: regular, color: MUTED });
      y -= 20;
    },
    initials: (signer) => {
      const x = signer === 'buyer' ? PAGE.width - PAGE.margin - 150 : PAGE.width - PAGE.margin - 70;
      page.drawLine({ start: { x, y: PAGE.margin - 6 }, end: { x: x + 60, y: PAGE.margin - 6 }, thickness: 0.6, color: MUTED });
      page.drawText(`${signer === 'buyer' ? 'Buyer' : 'Seller'} initials`, {
        x,
        y: PAGE.margin - 16,
        size: 7,
        font: regular,
        color: MUTED,
      });
      tabs.push({ signer, type: 'initialHere', page: pageIndex(), x: x + 4, y: PAGE.margin - 2 });
    },
    gap: (points = 8) => void (y -= points),
    finish: async () => ({ bytes: await pdf.save(), tabs }),
  };
}
