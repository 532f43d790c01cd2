/**
 * The seller's guided self-inspection (optional): a photo of each part of the car on the
 * checklist, and any damage with a note, each through the resumable uploader. The checklist says
 * what is done and what is left; the inspection service turns the photos into a report.
 */
import { useState } from 'react';
import { useKeptValue } from '../../../ui/form/use-kept-value';
import { INSPECTION_AREAS, inspectionSlot, type InspectionArea } from '../../../domain/seller-events';
import { DOCUMENT_SLOTS } from '../../../domain/document-slots';
import { addUpload, useUploads } from '../../../data/device/uploads';
import { FileDrop } from '../../../ui/uploads/file-drop';
import { UploadItem } from '../../../ui/uploads/upload-item';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/form/text-field';
import { DocumentField, slotDocument } from '../../../ui/uploads/document-field';
import { isPending, useTransactionContext } from '../transaction-context';

const AREAS = Object.keys(INSPECTION_AREAS) as InspectionArea[];

const areNotes = (kept: unknown): kept is Record<string, string> =>
  typeof kept === 'object' && kept !== null && Object.values(kept).every((note) => typeof note === 'string');

const HELP: Record<InspectionArea, string> = {
  front: 'Stand a few steps back so the whole front is in the frame.',
  back: 'The whole back, with the plate.',
  'driver side': 'The whole side, wheels included.',
  'passenger side': 'The whole side, wheels included.',
  interior: 'From the back seat, showing the dashboard and front seats.',
  odometer: 'With the car on, so the mileage shows.',
  tyres: 'One tyre close up, so the tread shows.',
};

function AreaPhoto({ area }: { area: InspectionArea }) {
  const { detail } = useTransactionContext();
  return <DocumentField transactionId={detail.id} slot={inspectionSlot(area)} help={HELP[area]} title={INSPECTION_AREAS[area]} />;
}

export function SelfInspection() {
  const { detail, pending, act } = useTransactionContext();
  const tasks = useUploads(detail.id);
  const photos = AREAS.map((area) => ({ area, document: slotDocument(tasks, inspectionSlot(area)) }));
  const damageTasks = (tasks ?? []).filter((task) => task.slot === 'inspection-damage' && task.status !== 'cancelled');
  const damage = damageTasks.filter((task) => task.status === 'completed' && task.document?.review === 'received');
  // What each damage photo shows, by its upload, kept on the device until sent.
  const [notes, setNotes, notesSent] = useKeptValue<Record<string, string>>(`inspection-notes:${detail.id}`, {}, areNotes);
  const [problem, setProblem] = useState<string | null>(null);
  const done = photos.filter((photo) => photo.document).length;
  const submit = () => {
    const unnoted = damage.find((task) => !notes[task.id]?.trim());
    if (done < AREAS.length) return setProblem('Add a photo of every part on the checklist.');
    if (unnoted) return setProblem(`Say what the damage is in ${unnoted.fileName}.`);
    setProblem(null);
    void act('inspection submitted', {
      photos: photos.map(({ area, document }) => ({ area, ...document! })),
      damage: damage.map((task) => ({ documentKey: task.document!.key, fileName: task.fileName, note: notes[task.id]!.trim() })),
    }).then(notesSent);
  };
  return (
    <section aria-labelledby="self-inspection">
      <h1 id="self-inspection" className="title is-4">
        Inspect your car (optional)
      </h1>
      <p className="mb-3">
        Ten minutes with your phone: buyers trust a car they can see, and the report settles questions at handover. You can skip it.
      </p>
      <p className="has-text-weight-semibold mb-2" role="status">
        {done} of {AREAS.length} photos done
      </p>
      <ul className="inspection-checklist mb-4" aria-label="Checklist">
        {photos.map(({ area, document }) => (
          <li key={area}>
            {INSPECTION_AREAS[area]}
            <span className="visually-hidden">: </span>
            <span className={`tag ${document ? 'is-success is-light' : 'is-light'}`}>{document ? 'done' : 'to do'}</span>
          </li>
        ))}
      </ul>
      <div className="columns is-multiline">
        {AREAS.map((area) => (
          <div key={area} className="column is-half-tablet is-one-third-desktop">
            <AreaPhoto area={area} />
          </div>
        ))}
      </div>
      <h2 className="title is-5">Any damage?</h2>
      <p className="mb-3">Photograph each scratch, dent or warning light worth mentioning, and say what it is.</p>
      <FileDrop
        label="Damage photos"
        accept={DOCUMENT_SLOTS['inspection-damage'].types.join(',')}
        help="Add as many as you need; each keeps uploading if you lose the connection."
        camera
        onFiles={(files) => {
          setProblem(null);
          for (const file of files) addUpload(detail.id, 'inspection-damage', file).catch((error: Error) => setProblem(error.message));
        }}
      />
      {damageTasks.length > 0 && (
        <ul className="upload-list mt-3" aria-label="Damage photos">
          {damageTasks.map((task) => (
            <UploadItem key={task.id} task={task} />
          ))}
        </ul>
      )}
      {damage.map((task) => (
        <TextField
          key={task.id}
          label={`What is in ${task.fileName}?`}
          value={notes[task.id] ?? ''}
          onChange={(event) => setNotes((before) => ({ ...before, [task.id]: event.target.value }))}
        />
      ))}
      {problem && <Alert kind="danger">{problem}</Alert>}
      <div className="buttons mt-4">
        <Button onClick={submit} loading={isPending(pending, 'inspection submitted')} disabled={done < AREAS.length}>
          Send for the report
        </Button>
        <Button variant="text" onClick={() => void act('inspection skipped')} loading={isPending(pending, 'inspection skipped')}>
          Skip the inspection
        </Button>
      </div>
    </section>
  );
}
