/**
 * Writing a message: what is typed is kept as a draft (a reload or a crash brings it back) until
 * it is sent; sending works offline (the outbox sends it when the connection returns). Enter
 * makes a new line; Ctrl+Enter or ⌘+Enter sends, as does the Send button. A file chosen goes at
 * once, with what was typed as its caption, through the resumable uploader.
 */
import { useEffect, useRef, useState } from 'react';
import { dropDraft, readDraft, saveDraft } from '../../data/device/drafts';
import { queueMessage, sendFile } from '../../data/outbox/messages';
import { DOCUMENT_SLOTS, fileProblem } from '../../domain/document-slots';
import { MESSAGE_MAX_CHARS } from '../../domain/message-contract';
import { Button } from '../../ui/button';
import { FileField } from '../../ui/form/file-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { showToast } from '../../ui/toast-store';
import { notSavedText } from '../../data/api/problem-words';

/** A phone has no keyboard shortcut to offer; a Mac says ⌘ where others say Ctrl. */
const FINE_POINTER = typeof matchMedia !== 'undefined' && matchMedia('(pointer: fine)').matches;
const SEND_KEYS = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘+Enter' : 'Ctrl+Enter';

/** What can be sent: the `message-attachment` slot's types (photos, videos, PDFs). */
const ACCEPT = DOCUMENT_SLOTS['message-attachment'].types.join(',');

export function MessageComposer({ negotiationId, to, transactionId }: { negotiationId: string; to: string; transactionId: string | null }) {
  const draftKey = `message:${negotiationId}`;
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const restored = useRef(false);
  useEffect(() => {
    void readDraft(draftKey).then((draft) => {
      restored.current = true;
      if (typeof draft?.body === 'string') setBody((typed) => typed || (draft.body as string));
    });
  }, [draftKey]);
  const change = (value: string) => {
    setBody(value);
    setProblem(undefined);
    if (restored.current) void (value ? saveDraft(draftKey, { body: value }) : dropDraft(draftKey));
  };
  const send = (event?: React.FormEvent) => {
    event?.preventDefault();
    const text = body.trim();
    if (!text) return setProblem('Write a message before sending it');
    if (text.length > MESSAGE_MAX_CHARS)
      return setProblem(
        `A message can hold at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters: shorten it, or send it in two`,
      );
    setBody('');
    void dropDraft(draftKey);
    queueMessage(negotiationId, text).catch((error: unknown) => {
      setBody(text);
      showToast(notSavedText('Your message was not saved', error), 'danger');
    });
  };
  const [fileProblemText, setFileProblem] = useState<string | undefined>();
  // A new picker after each file sent, so it does not keep showing the last one's name.
  const [picked, setPicked] = useState(0);
  const attach = (files: File[]) => {
    const file = files[0];
    if (!file || !transactionId) return;
    const problem = fileProblem('message-attachment', file);
    if (problem) return setFileProblem(problem);
    setFileProblem(undefined);
    setPicked((count) => count + 1);
    const caption = body.trim();
    setBody('');
    void dropDraft(draftKey);
    sendFile(negotiationId, transactionId, file, caption).catch((error: Error) => {
      setBody(caption);
      setFileProblem(error.message);
    });
  };
  // Not cut at the limit (a paste would lose its end without a word): the count says how much is over, and sending is refused until it fits.
  const left = MESSAGE_MAX_CHARS - body.length;
  const over =
    left < 0
      ? `${-left} ${left === -1 ? 'character' : 'characters'} too long: a message holds at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')}`
      : undefined;
  return (
    <form onSubmit={send} noValidate aria-label={`Write to ${to}`} className="message-composer">
      <TextareaField
        label="Message"
        rows={2}
        value={body}
        error={problem ?? over}
        help={left >= 0 && left < 200 ? `${left} characters left` : FINE_POINTER ? `${SEND_KEYS} sends` : undefined}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
        }}
      />
      <div className="buttons mb-4">
        <Button type="submit">Send</Button>
      </div>
      {transactionId ? (
        <FileField
          key={picked}
          label="Send a photo, video or document"
          help="What you wrote above goes with it. A large video carries on where it stopped if the connection drops."
          accept={ACCEPT}
          error={fileProblemText}
          onFiles={attach}
        />
      ) : (
        <p className="help mt-3">Photos and documents can be sent here once you have agreed a sale.</p>
      )}
    </form>
  );
}
