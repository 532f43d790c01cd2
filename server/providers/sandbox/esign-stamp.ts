/**
 * What the sandbox e-signature provider does to a completed envelope's PDF, as a real one does:
 * each signer's adopted signature, initials and signing date drawn at their tabs, and a
 * certificate page (envelope id, the document's SHA-256 as sent, each signer's name, e-mail,
 * IP address and time).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { StoredEnvelope } from './esign-envelopes';

const require = createRequire(import.meta.url);
const font = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
const INK = rgb(0.05, 0.2, 0.45);

export async function stampSignatures(
  original: Uint8Array,
  envelope: StoredEnvelope,
  document: StoredEnvelope['documents'][number],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  pdf.registerFontkit(fontkit);
  const script = await pdf.embedFont(font('DejaVuSerif-Italic.ttf'), { subset: true });
  const plain = await pdf.embedFont(font('DejaVuSans.ttf'), { subset: true });
  const bold = await pdf.embedFont(font('DejaVuSans-Bold.ttf'), { subset: true });
  const pages = pdf.getPages();
  for (const recipient of envelope.recipients)
    for (const tab of recipient.tabs.filter((candidate) => candidate.documentId === document.documentId)) {
      const page = pages[tab.page - 1];
      if (!page) continue;
      const text =
        tab.type === 'signHere'
          ? recipient.signature!
          : tab.type === 'initialHere'
            ? recipient.initials!
            : new Date(recipient.signedAt!).toISOString().slice(0, 10);
      page.drawText(text, {
        x: tab.x,
        y: tab.y,
        size: tab.type === 'signHere' ? 16 : 10,
        font: tab.type === 'dateSigned' ? plain : script,
        color: INK,
      });
    }

  const page = pdf.addPage([612, 792]);
  let y = 730;
  const line = (text: string, size = 10, face = plain) => {
    page.drawText(text, { x: 56, y, size, font: face, color: rgb(0.12, 0.16, 0.2) });
    y -= size * 1.6;
  };
  line('Certificate of completion', 17, bold);
  line(`Envelope ${envelope.id}`);
  line(`Document: ${document.name}`);
  line(`SHA-256 of the document as sent: ${document.sha256.slice(0, 32)}`);
  line(`                                 ${document.sha256.slice(32)}`);
  y -= 8;
  for (const recipient of envelope.recipients) {
    line(`${recipient.name} <${recipient.email}>`, 11, bold);
    line(`Signed ${recipient.signedAt} from IP address ${recipient.ip}`);
    line(`Adopted signature: ${recipient.signature}   Initials: ${recipient.initials}`);
    y -= 6;
  }
  line('Signed electronically under the ESIGN Act through the e-signature sandbox.', 9);
  return pdf.save();
}
