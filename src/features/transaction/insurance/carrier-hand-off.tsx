import { useEffect } from 'react';

/**
 * The iframe-content view: the carrier's own page, framed, where the buyer confirms the policy.
 * Only messages from the carrier's origin count; the policy number is all the app takes.
 */
export function CarrierHandOff({
  url,
  carrier,
  onBound,
  onClose,
}: {
  url: string;
  carrier: string;
  onBound: (policyNumber: string) => void;
  onClose: () => void;
}) {
  const src = new URL(url);
  src.searchParams.set('parentOrigin', window.location.origin);
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== src.origin || event.data?.carrier !== 'sandbox') return;
      if (event.data.name === 'policy-bound' && typeof event.data.payload?.policyNumber === 'string')
        onBound(event.data.payload.policyNumber);
      if (event.data.name === 'closed') onClose();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [src.origin, onBound, onClose]);
  return (
    <section aria-labelledby="carrier">
      <h1 id="carrier" className="title is-4">
        Confirm with {carrier}
      </h1>
      <iframe
        title={`${carrier} policy confirmation`}
        src={src.toString()}
        className="carrier-frame"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </section>
  );
}
