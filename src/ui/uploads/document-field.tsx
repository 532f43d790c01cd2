/**
 * One document a step asks for (the front of the title, the VIN plate …), through the resumable
 * uploader: choose it or take it with the camera, watch it upload (it carries on after a lost
 * connection or a reload), then see it received with a way to replace it. The step reads the
 * latest readable upload of the slot with useSlotDocument.
 */
import { useState } from 'react';
import { acceptedTypesText, DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots';
import type { DocumentRef } from '../../domain/payload-fields';
import { addUpload, useUploads, type UploadTask } from '../../data/device/uploads';
import { Alert } from '../alert';
import { FileDrop } from './file-drop';
import { UploadItem } from './upload-item';

const latest = (tasks: UploadTask[] | undefined, slot: DocumentSlot) => tasks?.find((task) => task.slot === slot);

/** The slot's newest upload among `tasks` once storage holds a readable file, as an action names it; null until then. */
export function slotDocument(tasks: UploadTask[] | undefined, slot: DocumentSlot): DocumentRef | null {
  const task = latest(tasks, slot);
  return task?.status === 'completed' && task.document?.review === 'received'
    ? { documentKey: task.document.key, fileName: task.fileName }
    : null;
}

export const useSlotDocument = (transactionId: string, slot: DocumentSlot) => slotDocument(useUploads(transactionId), slot);

/** `title` heads the field where the step names it better than the slot's label (which the controls keep). */
export function DocumentField({
  transactionId,
  slot,
  help,
  title,
}: {
  transactionId: string;
  slot: DocumentSlot;
  help: string;
  title?: string;
}) {
  const task = latest(useUploads(transactionId), slot);
  const [refusal, setRefusal] = useState<string | undefined>();
  const rules = DOCUMENT_SLOTS[slot];
  const choose = ([file]: File[]) => {
    setRefusal(undefined);
    if (file) addUpload(transactionId, slot, file).catch((error: Error) => setRefusal(error.message));
  };
  const drop = {
    accept: rules.types.join(','),
    help: `${acceptedTypesText(slot)}. It keeps uploading if you lose the connection.`,
    camera: true,
    onFiles: choose,
  };
  return (
    <div className="document-field box">
      <h3 className="title is-6 mb-2">{title ?? rules.label}</h3>
      {task && task.status !== 'cancelled' ? (
        <ul className="upload-list mb-3" aria-label={`${rules.label}: upload`}>
          {/* Replacing sits where the running upload's buttons were: the field keeps its height as the upload ends. */}
          <UploadItem task={task} whenDone={<FileDrop {...drop} label={`Replace ${rules.label.toLowerCase()}`} compact />} />
        </ul>
      ) : (
        <>
          <p className="help mb-3">{help}</p>
          <FileDrop {...drop} label={rules.label} />
        </>
      )}
      {refusal && (
        <Alert kind="danger" title="That file cannot be used">
          {refusal}
        </Alert>
      )}
    </div>
  );
}
