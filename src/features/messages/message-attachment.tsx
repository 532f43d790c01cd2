/**
 * A file sent in a thread: a photo shown in place, a video with its player, a document as a link;
 * each read through a fresh signed URL (which expires, so it is asked for when shown). Offline, its
 * name and size, to open once the connection is back.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { documentUrl } from '../../data/records/documents';
import { formatBytes } from '../../domain/byte-format';
import type { ThreadEntry } from '../../domain/message-contract';

type Attachment = NonNullable<Extract<ThreadEntry, { type: 'message' }>['attachment']>;

export function MessageAttachment({ file }: { file: Attachment }) {
  const { online } = useSnapshot(connectivity);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online || url) return;
    documentUrl(file.key).then(setUrl, () => setFailed(true));
  }, [file.key, online, url]);
  const about = `${file.fileName} · ${formatBytes(file.size)}`;
  const picture = file.contentType.startsWith('image/') || file.contentType.startsWith('video/');
  // A photo or video keeps its frame from the start (its link, then its pixels, come later): the thread below holds still.
  if (!url && picture && !failed && online)
    return (
      <figure className="message-attachment">
        <span className="message-attachment-frame" aria-hidden="true" />
        <figcaption className="help">{about} · opening…</figcaption>
      </figure>
    );
  if (!url)
    return (
      <p className="help message-attachment">
        {about}
        {failed ? ' · could not be opened just now' : online ? ' · opening…' : ' · opens when you are back online'}
      </p>
    );
  if (file.contentType.startsWith('image/'))
    return (
      <figure className="message-attachment">
        <a href={url} target="_blank" rel="noopener noreferrer">
          <img src={url} alt={file.fileName} loading="lazy" />
        </a>
        <figcaption className="help">{about}</figcaption>
      </figure>
    );
  if (file.contentType.startsWith('video/'))
    return (
      <figure className="message-attachment">
        <video src={url} controls preload="metadata" aria-label={file.fileName} />
        <figcaption className="help">{about}</figcaption>
      </figure>
    );
  return (
    <p className="message-attachment">
      <a href={url} target="_blank" rel="noopener noreferrer">
        {file.fileName}
      </a>{' '}
      <span className="help is-inline">{formatBytes(file.size)}</span>
    </p>
  );
}
