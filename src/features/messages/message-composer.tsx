/**
 * Writing a message: what is typed is kept as a draft (a reload or a crash brings it back) until
 * it is sent; sending works offline (the outbox sends it when the connection returns). Enter
 * makes a new line; Ctrl+Enter or ⌘+Enter sends, as does the Send button.
 */
import { useEffect, useRef, useState } from 'react';
import { dropDraft, readDraft, saveDraft } from '../../data/drafts';
import { queueMessage } from '../../data/messages';
import { MESSAGE_MAX_CHARS } from '../../domain/message-contract';
import { Button } from '../../ui/button';
import { TextareaField } from '../../ui/form/textarea-field';
import { showToast } from '../../ui/toast-store';

export function MessageComposer({ negotiationId, to }: { negotiationId: string; to: string }) {
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
    if (text.length > MESSAGE_MAX_CHARS) return setProblem(`A message can hold at most ${MESSAGE_MAX_CHARS} characters`);
    setBody('');
    void dropDraft(draftKey);
    queueMessage(negotiationId, text).catch((error: Error) => {
      setBody(text);
      showToast(`Your message was not saved: ${error.message}`, 'danger');
    });
  };
  const left = MESSAGE_MAX_CHARS - body.length;
  return (
    <form onSubmit={send} noValidate aria-label={`Write to ${to}`} className="message-composer">
      <TextareaField
        label="Message"
        rows={2}
        value={body}
        error={problem}
        help={left < 200 ? `${left} characters left` : 'Ctrl+Enter sends'}
        maxLength={MESSAGE_MAX_CHARS}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
        }}
      />
      <Button type="submit">Send</Button>
    </form>
  );
}
