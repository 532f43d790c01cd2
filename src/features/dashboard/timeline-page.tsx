/**
 * `/dashboard/active-transactions/timeline/{transactionId}`: the deal's timeline, the same for
 * both parties — every step, provider answer, signature, money movement and transport update,
 * oldest first, day by day — and the documents' hashes, with "Download as PDF". Read from
 * IndexedDB (refreshed on open and when the connection returns), so it reads offline with its age.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../data/api/api-client';
import { connectivity } from '../../data/device/connectivity';
import type { CachedTimeline } from '../../data/db';
import { downloadTimelinePdf, refreshTimeline, useSavedTimeline } from '../../data/records/timelines';
import { TRANSACTIONS_PATH } from '../../data/records/transaction-guard';
import { useRefreshOnOpen } from '../../data/records/use-refresh-on-open';
import type { TimelineItem } from '../../domain/deal-timeline';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DownloadIcon } from '../../ui/icons';
import { FreshnessLine } from '../../ui/freshness-line';

const dayOf = (at: string) => new Date(at).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const timeOf = (at: string) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The items grouped by the reader's calendar day, in order. */
function byDay(items: TimelineItem[]): [string, TimelineItem[]][] {
  const days = new Map<string, TimelineItem[]>();
  for (const item of items) days.set(dayOf(item.at), [...(days.get(dayOf(item.at)) ?? []), item]);
  return [...days];
}

function Download({ timeline, online }: { timeline: CachedTimeline; online: boolean }) {
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  const download = () => {
    setState('busy');
    downloadTimelinePdf(timeline).then(
      () => setState('idle'),
      (error: Error) => setState(error instanceof ApiError ? error.message : 'The PDF could not be made just now. Try again.'),
    );
  };
  return (
    <div className="mb-5">
      <Button variant="outlined" icon={DownloadIcon} onClick={download} disabled={!online} loading={state === 'busy'}>
        Download as PDF
      </Button>
      {!online && <p className="help">The PDF is made when you are online.</p>}
      {state !== 'idle' && state !== 'busy' && (
        <p className="help is-danger" role="alert">
          {state}
        </p>
      )}
    </div>
  );
}

function Timeline({ timeline }: { timeline: CachedTimeline }) {
  return (
    <>
      {timeline.items.length === 0 ? (
        <p>Nothing has happened in this sale yet.</p>
      ) : (
        byDay(timeline.items).map(([day, items]) => (
          <section key={day} aria-label={day} className="deal-timeline-day">
            <h2 className="title is-6">{day}</h2>
            <ol className="deal-timeline">
              {items.map((item) => (
                <li key={item.id} className={`is-${item.kind}${item.you ? ' is-you' : ''}`}>
                  <time dateTime={item.at}>{timeOf(item.at)}</time>
                  <p>{item.text}</p>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      <section aria-labelledby="timeline-documents" className="mt-5">
        <h2 id="timeline-documents" className="title is-5">
          Documents
        </h2>
        {timeline.documents.length === 0 ? (
          <p>The sale’s documents are made once both of you have paid; their fingerprints (SHA-256) will be listed here.</p>
        ) : (
          <ul className="deal-documents">
            {timeline.documents.map((document) => (
              <li key={document.kind}>
                <p className="has-text-weight-semibold">{document.title}</p>
                <dl>
                  <dt>SHA-256 as made</dt>
                  <dd>
                    <code>{document.sha256}</code>
                  </dd>
                  <dt>SHA-256 as signed</dt>
                  <dd>{document.signedSha256 ? <code>{document.signedSha256}</code> : 'Not signed yet'}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function Component() {
  const { transactionId = '' } = useParams();
  const saved = useSavedTimeline(transactionId);
  const { online } = useSnapshot(connectivity);
  const fresh = useRefreshOnOpen(() => refreshTimeline(transactionId), [transactionId]);
  const failure = fresh.failure;
  const missing = failure instanceof ApiError && (failure.status === 404 || failure.status === 400);

  return (
    <>
      <title>Timeline of the sale</title>
      <h1 className="title">Timeline of the sale</h1>
      {missing ? (
        <Alert kind="warning">
          That transaction was not found, or it is not yours. <Link to={TRANSACTIONS_PATH}>See your transactions</Link>
        </Alert>
      ) : saved === undefined || (saved === null && !failure) ? (
        <p aria-busy="true">Loading the timeline…</p>
      ) : saved === null ? (
        <Alert kind="warning">
          The timeline could not be loaded and is not saved on this device yet. Connect to the internet and open it again; it will then read
          offline too.
        </Alert>
      ) : (
        <>
          <p className="mb-2">{saved.title}</p>
          <FreshnessLine savedAt={saved.savedAt} {...fresh} className="mb-3" />
          <Download timeline={saved} online={online} />
          <Timeline timeline={saved} />
        </>
      )}
      <p className="mt-5">
        <Link to={TRANSACTIONS_PATH}>Your transactions</Link>
      </p>
    </>
  );
}
