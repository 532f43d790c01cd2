/**
 * Writing to a case (issue 34): words and files — photos, videos, PDFs — chosen here go through
 * the resumable uploader at once (offline too: they wait, and carry on after a cut), and what was
 * written and chosen is kept as a draft, so a reload loses nothing. The words are sent once every
 * file is in and the connection is there; the key made when the form opened makes a retry safe.
 * Used to raise a problem (with its reason) and to add evidence to an open case.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { dropDraft, readDraft, saveDraft } from '../../data/device/drafts';
import { addUpload, useUploads } from '../../data/device/uploads';
import { acceptedTypesText, DOCUMENT_SLOTS, fileProblem } from '../../domain/document-slots';
import type { DocumentRef } from '../../domain/payload-fields';
import { Alert } from '../alert';
import { Button } from '../button';
import { TextareaField } from '../form/textarea-field';
import { FileDrop } from '../uploads/file-drop';
import { UploadItem } from '../uploads/upload-item';

const SLOT = 'dispute-evidence' as const;
const MIN_WORDS = 10;

export interface EvidenceInput {
  note: string;
  photos: (DocumentRef & { slot: typeof SLOT })[];
  idempotencyKey: string;
}

interface EvidenceFormProps {
  transactionId: string;
  /** The form's name for screen readers, its heading and its button. */
  label: string;
  noteLabel: string;
  draftKey: string;
  /** Fields above the words (the reason of a problem), and their check: false shows their problems and sends nothing. */
  extra?: ReactNode;
  validate?: () => boolean;
  send: (input: EvidenceInput) => Promise<unknown>;
  onSent: () => void;
}

export function EvidenceForm({ transactionId, label, noteLabel, draftKey, extra, validate, send, onSent }: EvidenceFormProps) {
  const { online } = useSnapshot(connectivity);
  const tasks = useUploads(transactionId);
  const [note, setNote] = useState('');
  const [taskIds, setTaskIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [fileProblemText, setFileProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const key = useRef<string>(crypto.randomUUID());
  const restored = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    void readDraft(draftKey).then((draft) => {
      restored.current = true;
      if (!draft) return;
      if (typeof draft.note === 'string') setNote((typed) => typed || (draft.note as string));
      if (Array.isArray(draft.taskIds)) setTaskIds(draft.taskIds as string[]);
      if (typeof draft.key === 'string') key.current = draft.key;
    });
  }, [draftKey]);
  useEffect(() => {
    if (restored.current) void saveDraft(draftKey, { note, taskIds, key: key.current });
  }, [draftKey, note, taskIds]);

  const [adding, setAdding] = useState(0);
  const chosen = taskIds.flatMap((id) => tasks?.find((task) => task.id === id) ?? []).filter((task) => task.status !== 'cancelled');
  const received = chosen.filter((task) => task.status === 'completed' && task.document?.review === 'received');
  // A file counts as waiting from the moment it is chosen: while its upload is being set up, and while its task is not
  // in this screen's list yet. Counted from the list alone, a press in between sent the words without the file.
  const unseen = taskIds.filter((id) => !tasks?.some((task) => task.id === id)).length;
  const waiting = adding + unseen + chosen.length - received.length;

  const choose = (files: File[]) => {
    setFileProblem(undefined);
    for (const file of files) {
      const refused = fileProblem(SLOT, file);
      if (refused) {
        setFileProblem(refused);
        continue;
      }
      setAdding((count) => count + 1);
      addUpload(transactionId, SLOT, file)
        .then(
          (id) => setTaskIds((ids) => [...ids, id]),
          (error: Error) => setFileProblem(error.message),
        )
        .finally(() => setAdding((count) => count - 1));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const extraValid = validate?.() ?? true;
    const short = note.trim().length < MIN_WORDS;
    setProblem(short ? `Describe it in at least ${MIN_WORDS} characters` : undefined);
    if (short || !extraValid) {
      // The first field with a problem takes the focus, so its message is read out with it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setProblem(undefined);
    setSending(true);
    const photos = received.map((task) => ({ slot: SLOT, documentKey: task.document!.key, fileName: task.fileName }));
    send({ note: note.trim(), photos, idempotencyKey: key.current }).then(
      () => {
        void dropDraft(draftKey);
        setSending(false);
        setNote('');
        setTaskIds([]);
        key.current = crypto.randomUUID();
        onSent();
      },
      (error: Error) => {
        setSending(false);
        setProblem(error.message);
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="box" ref={form}>
      <h3 className="title is-5">{label}</h3>
      {extra}
      <TextareaField
        label={noteLabel}
        rows={4}
        value={note}
        error={problem}
        maxLength={4000}
        onChange={(event) => {
          setNote(event.target.value);
          setProblem(undefined);
        }}
      />
      {chosen.length > 0 && (
        <ul className="upload-list mb-3" aria-label="Files for the case">
          {chosen.map((task) => (
            <UploadItem key={task.id} task={task} />
          ))}
        </ul>
      )}
      <FileDrop
        label="Add photos, videos or documents"
        accept={DOCUMENT_SLOTS[SLOT].types.join(',')}
        help={`${acceptedTypesText(SLOT)}. They keep uploading if you lose the connection.`}
        camera
        compact={chosen.length > 0}
        onFiles={choose}
      />
      {fileProblemText && (
        <Alert kind="danger" title="That file cannot be used">
          {fileProblemText}
        </Alert>
      )}
      {waiting > 0 && (
        <p className="help mb-2">{waiting === 1 ? 'One file is still uploading.' : `${waiting} files are still uploading.`}</p>
      )}
      {!online && <p className="help mb-2">You are offline: this is sent when you are back online; the files keep uploading meanwhile.</p>}
      <Button type="submit" disabled={waiting > 0 || !online} loading={sending}>
        {label}
      </Button>
    </form>
  );
}
