/** A message's words as typed: never HTML; each link shown in full with the site it really goes to. */
import { textParts } from '../../domain/message-safety';

export function MessageText({ body }: { body: string }) {
  return (
    <p className="message-text">
      {textParts(body).map((part, index) =>
        part.type === 'text' ? (
          <span key={index}>{part.text}</span>
        ) : (
          <span key={index}>
            <a href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {part.href}
            </a>{' '}
            <span className="help is-inline">(goes to {part.host})</span>
          </span>
        ),
      )}
    </p>
  );
}
