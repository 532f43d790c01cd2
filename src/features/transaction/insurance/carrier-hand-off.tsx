import { useEffect, useRef } from 'react';

/**
 * The iframe-content view: the carrier's own page, framed, where the buyer confirms the policy.
 * Only messages from the carrier's origin count; the policy number is all the app takes. Each time
 * it starts listening (and when the frame loads) it says hello, and the carrier tells a policy
 * already bound again: a confirmation sent while this screen was being drawn again is not lost.
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
  const frame = useRef<HTMLIFrameElement>(null);
  // The latest callbacks, so the listener is added once and never missing while the screen is drawn again.
  const callbacks = useRef({ onBound, onClose });
  useEffect(() => {
    callbacks.current = { onBound, onClose };
  });
  const hello = () => frame.current?.contentWindow?.postMessage({ carrier: 'sandbox', name: 'hello' }, src.origin);
  useEffect(() => {
    let told = false;
    const listener = (event: MessageEvent) => {
      if (event.origin !== src.origin || event.data?.carrier !== 'sandbox') return;
      if (event.data.name === 'policy-bound' && typeof event.data.payload?.policyNumber === 'string' && !told) {
        told = true;
        callbacks.current.onBound(event.data.payload.policyNumber);
      }
      if (event.data.name === 'closed') callbacks.current.onClose();
    };
    window.addEventListener('message', listener);
    hello();
    return () => window.removeEventListener('message', listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per carrier origin; `hello` reads the frame's ref
  }, [src.origin]);
  return (
    <section aria-labelledby="carrier">
      <h1 id="carrier" className="title is-4">
        Confirm with {carrier}
      </h1>
      <iframe
        ref={frame}
        onLoad={hello}
        title={`${carrier} policy confirmation`}
        src={src.toString()}
        className="carrier-frame"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </section>
  );
}
