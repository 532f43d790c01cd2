/**
 * The text a PDF reader shows, for tests of the PDFs the server writes with embedded fonts: each
 * shown string's glyph codes mapped back to characters through its font's ToUnicode map (what
 * pdf-lib writes for an embedded font), one line per string shown.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

const decoded = (stream: PDFRawStream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());

/** Glyph code (4 hex digits) → text, from a ToUnicode CMap's bfchar entries (UTF-16BE). */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, code, utf16] of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
    const units = utf16!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    map.set(code!.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts.entries()) {
      const font = pdf.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = font.lookup(PDFName.of('ToUnicode'));
      if (toUnicode instanceof PDFRawStream) maps.set(name.asString(), unicodeMap(decoded(toUnicode)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    let font = new Map<string, string>();
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      for (const [, fontName, hex] of decoded(stream).matchAll(/(\/\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (fontName) font = maps.get(fontName) ?? new Map();
        else lines.push((hex!.match(/.{4}/g) ?? []).map((code) => font.get(code.toLowerCase()) ?? '�').join(''));
      }
    }
  }
  return lines.join('\n');
}
