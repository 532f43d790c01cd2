/**
 * The handover on the delivery page (issue 34): each party's record — the odometer, the car's
 * sides, the keys and the title — with its server time and each photo's SHA-256; and, once both
 * have signed, the form to record one's own: the photos through the resumable uploader (they keep
 * uploading offline), the reading and what changed hands.
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { fetchHandover, sendHandover } from '../../data/api/handover';
import { useApiAnswer } from '../../data/records/use-api-answer';
import { useUploads } from '../../data/device/uploads';
import { HANDOVER_PHOTOS, handoverWords, type HandoverRecord } from '../../domain/handover';
import { otherSide } from '../../domain/parties';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { Alert } from '../alert';
import { Button } from '../button';
import { CheckboxField } from '../form/choice-fields';
import { TextField } from '../form/text-field';
import { DocumentField, slotDocument } from '../uploads/document-field';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One party's record of the handover: its words, the server's time, and each photo's SHA-256. */
export function HandoverRecordView({ record }: { record: HandoverRecord }) {
  return (
    <li className="box">
      <p className="has-text-weight-semibold">
        {record.by === 'you' ? 'Your record' : `${record.by.charAt(0).toUpperCase()}${record.by.slice(1)}’s record`} ·{' '}
        <time dateTime={record.recordedAt}>{when(record.recordedAt)}</time>
      </p>
      <p>{handoverWords(record).replace(/^./, (first) => first.toUpperCase())}.</p>
      <details className="mt-2">
        <summary>The photos and their fingerprints (SHA-256)</summary>
        <ul>
          {record.photos.map((photo) => (
            <li key={photo.slot}>
              {photo.fileName}: <code className="is-size-7">{photo.sha256}</code>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function RecordForm({ transactionId, onRecorded }: { transactionId: string; onRecorded: () => void }) {
  const tasks = useUploads(transactionId);
  const { online } = useSnapshot(connectivity);
  const [odometer, setOdometer] = useState('');
  const [keys, setKeys] = useState(false);
  const [title, setTitle] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const key = useRef(crypto.randomUUID());
  const photos = HANDOVER_PHOTOS.map(({ slot }) => ({ slot, document: slotDocument(tasks, slot) }));
  const missing = photos.filter((photo) => !photo.document).length;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const miles = Number(odometer.replace(/[,\s]/g, ''));
    if (!odometer.trim() || !Number.isInteger(miles) || miles < 0) return setProblem('Enter the odometer reading in whole miles');
    setProblem(undefined);
    setSending(true);
    sendHandover(transactionId, {
      odometerMiles: miles,
      keysHandedOver: keys,
      titleHandedOver: title,
      photos: photos.map(({ slot, document }) => ({ slot, ...document! })),
      idempotencyKey: key.current,
    }).then(onRecorded, (error: Error) => {
      setSending(false);
      setProblem(error.message);
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Record the handover" className="box">
      <h3 className="title is-5">Record the handover</h3>
      <p className="mb-3">
        Take these photos as the car changes hands. Both of you keep the record, with the time it was made and a fingerprint of each photo.
      </p>
      {HANDOVER_PHOTOS.map(({ slot, label }) => (
        <DocumentField
          key={slot}
          transactionId={transactionId}
          slot={slot}
          title={label}
          help="Take it with your phone’s camera, or choose a photo."
        />
      ))}
      <TextField
        label="Odometer reading (miles)"
        inputMode="numeric"
        value={odometer}
        error={problem}
        onChange={(event) => setOdometer(event.target.value)}
      />
      <CheckboxField label="The keys changed hands" checked={keys} onChange={(event) => setKeys(event.target.checked)} />
      <CheckboxField label="The signed title changed hands" checked={title} onChange={(event) => setTitle(event.target.checked)} />
      {missing > 0 && <p className="help mb-2">{missing === 1 ? 'One photo is still to come.' : `${missing} photos are still to come.`}</p>}
      {!online && <p className="help mb-2">The record is sent when you are back online; the photos keep uploading meanwhile.</p>}
      <Button type="submit" disabled={missing > 0 || !online} loading={sending}>
        Record the handover
      </Button>
    </form>
  );
}

export function HandoverSection({ detail }: { detail: TransactionDetail }) {
  const transactionId = detail.id;
  const { answer, problem, reload } = useApiAnswer(() => fetchHandover(transactionId), [transactionId, detail.version], {
    followLive: true,
  });
  if (!answer) return problem ? null : <p aria-busy="true">Loading the handover…</p>;
  // Once delivery is confirmed the records have done their work: no form to fill in on a finished sale.
  const canRecord = answer.canRecord && !detail.delivery.confirmedAt;
  if (!canRecord && answer.records.length === 0) return null;
  const mine = answer.records.some((record) => record.by === 'you');
  const other = otherSide(detail.side);
  // Where the record stands in the handover: the car changes hands with the buyer's word, the vendor's, or both records.
  const waiting =
    detail.sale.stage !== 'waiting for handover'
      ? `The ${other} records theirs on their phone; it shows here when they do.`
      : detail.side === 'seller'
        ? 'The car counts as handed over once the buyer says they have it or records theirs too: their time to check it starts then, and the rest of your payout follows.'
        : 'Once you have the car, say so above, or record yours too: your time to check it starts then.';
  return (
    <section aria-labelledby="handover-heading" className="mt-5">
      <h2 id="handover-heading" className="title is-4">
        Handover records
      </h2>
      {answer.records.length > 0 && (
        <ul className="mb-4">
          {answer.records.map((record) => (
            <HandoverRecordView key={record.side} record={record} />
          ))}
        </ul>
      )}
      {canRecord ? (
        <RecordForm transactionId={transactionId} onRecorded={() => void reload()} />
      ) : (
        answer.records.length < 2 && mine && <Alert kind="info">{waiting}</Alert>
      )}
    </section>
  );
}
