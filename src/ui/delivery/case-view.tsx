/**
 * A delivery dispute's case as a party or an admin reads it (issue 34): where it stands, what the
 * buyer raised, every piece of evidence in order — who sent it, the server's time, the words and
 * the files, each opened through a fresh signed link and shown with its SHA-256 — and the decision.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { documentUrl } from '../../data/records/documents';
import { decisionWords, DISPUTE_STATUS_LABELS, type Dispute, type Evidence } from '../../domain/delivery';
import type { Side } from '../../domain/parties';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const PICTURE = /\.(jpe?g|png|webp|gif)$/i;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function EvidenceFile({ file }: { file: Evidence['photos'][number] }) {
  const { online } = useSnapshot(connectivity);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (online && !url) documentUrl(file.documentKey).then(setUrl, () => undefined);
  }, [file.documentKey, online, url]);
  const picture = PICTURE.test(file.fileName);
  return (
    <li className="case-file">
      {/* A picture's place is kept while its link comes (and offline): the case below it does not move. */}
      {picture &&
        (url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`${file.fileName}, full size (opens in a new tab)`}>
            <img src={url} alt={`Evidence photo: ${file.fileName}`} loading="lazy" />
          </a>
        ) : (
          <span className="case-file-frame" aria-hidden="true" />
        ))}
      <p className="help">
        {url && !picture ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {file.fileName}
          </a>
        ) : (
          file.fileName
        )}
        <br />
        SHA-256 <code className="is-size-7 case-hash">{file.sha256}</code>
      </p>
    </li>
  );
}

function Piece({ piece, first }: { piece: Evidence; first: boolean }) {
  return (
    <li className="box">
      <p className="has-text-weight-semibold">
        {piece.by === 'you' ? 'You' : capital(piece.by)} {first ? 'raised the problem' : 'added'} ·{' '}
        <time dateTime={piece.at}>{when(piece.at)}</time>
      </p>
      <p className="case-note">{piece.note}</p>
      {piece.photos.length > 0 && (
        <ul className="case-files mt-2" aria-label="Files">
          {piece.photos.map((file) => (
            <EvidenceFile key={file.documentKey} file={file} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** `reader` is the party reading (their own words: "refunded you …"); none for an admin. */
export function CaseView({ dispute, reader = null }: { dispute: Dispute; reader?: Side | null }) {
  return (
    <>
      <dl className="case-facts mb-4">
        <dt>Where it stands</dt>
        <dd>{DISPUTE_STATUS_LABELS[dispute.status]}</dd>
        <dt>The problem</dt>
        <dd>{dispute.reason}</dd>
        <dt>Raised</dt>
        <dd>
          <time dateTime={dispute.raisedAt}>{when(dispute.raisedAt)}</time>
        </dd>
      </dl>
      {dispute.decision && (
        <div className="notification is-info is-light" role="status">
          <p className="has-text-weight-semibold">
            Caramel {decisionWords(dispute.decision, reader)} · <time dateTime={dispute.decision.at}>{when(dispute.decision.at)}</time>
          </p>
          <p>{dispute.decision.reason}</p>
        </div>
      )}
      <h2 className="title is-5">Evidence</h2>
      <ol className="case-evidence" aria-label="Evidence">
        {dispute.evidence.map((piece, index) => (
          <Piece key={`${piece.at}-${index}`} piece={piece} first={index === 0} />
        ))}
      </ol>
    </>
  );
}
