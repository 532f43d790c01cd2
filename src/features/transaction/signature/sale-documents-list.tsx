/** The sale's documents: each opens as a PDF (the signed copy once everyone has signed), with its fingerprint for the record. */
import type { SaleDocument } from '../../../domain/signing';

export function SaleDocumentsList({ documents }: { documents: SaleDocument[] }) {
  return (
    <ul className="sale-documents has-text-left" aria-label="Your sale documents">
      {documents.map((document) => (
        <li key={document.kind}>
          <a href={document.url} target="_blank" rel="noopener noreferrer">
            {document.title}
            <span className="is-sr-only"> (PDF, opens in a new tab)</span>
          </a>
          <span className="tag is-light ml-2">{document.signed ? 'Signed' : 'Awaiting signatures'}</span>
          <small className="sale-documents__hash" title="SHA-256 fingerprint of this file">
            SHA-256 {document.sha256.slice(0, 16)}…
          </small>
        </li>
      ))}
    </ul>
  );
}
