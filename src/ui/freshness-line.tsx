/**
 * How old what a screen shows is, and whether a fresh copy is on its way (issue 56): "Updated 2 minutes ago ·
 * refreshing…" while it is, "Offline · showing what was saved …" without a connection, "Could not refresh just now ·
 * …" once when a fetch failed. Drawn wherever saved data is drawn, instead of a spinner.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../data/device/connectivity';
import type { Freshness } from '../data/records/freshness';
import { Ago } from './ago';

type Props = Freshness & { savedAt: number; className?: string; children?: ReactNode };

/** `children` go on the same line, after the age (what still waits to be sent, say). */
export function FreshnessLine({ savedAt, refreshing, failed, className = '', children }: Props) {
  const { online } = useSnapshot(connectivity);
  const age = <Ago at={savedAt} />;
  return (
    <p className={`help freshness-line ${className}`} role="status">
      {!online ? (
        <>Offline · showing what was saved {age}</>
      ) : refreshing ? (
        <>Updated {age} · refreshing…</>
      ) : failed ? (
        <>Could not refresh just now · showing what was saved {age}</>
      ) : (
        <>Updated {age}</>
      )}
      {children}
    </p>
  );
}
