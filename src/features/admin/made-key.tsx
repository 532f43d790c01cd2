/**
 * A partner key just made: the only time anyone sees it. Focus moves here when it appears, so the
 * admin (and a screen reader) lands on it rather than on the form below.
 */
import { useEffect, useId, useRef } from 'react';
import { partnerTermsInWords, type PartnerKey } from '../../domain/partner-contract';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';

export function MadeKey({ made, sourceName, onDone }: { made: PartnerKey & { key: string }; sourceName: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  useEffect(() => heading.current?.focus(), [made.id]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(made.key);
      showToast('Key copied.', 'success');
    } catch {
      showToast('Copying is not allowed here; select the key and copy it.', 'warning');
    }
  }
  return (
    <section aria-labelledby="made-key-heading" className="box partner-made-key">
      <h2 id="made-key-heading" ref={heading} tabIndex={-1} className="title is-5">
        New key for {sourceName}: {made.label}
      </h2>
      <Alert kind="warning" title="Copy this key now: you will not see it again.">
        Caramel keeps only a fingerprint of it. Give it to the site over a safe channel; if it is lost, revoke it and make another.
      </Alert>
      <div className="field">
        <div className="control">
          <label className="label" htmlFor={inputId}>
            Partner key
          </label>
          <textarea
            id={inputId}
            className="textarea partner-key-value"
            readOnly
            rows={2}
            value={made.key}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      </div>
      <p className="help mb-3">Terms: {partnerTermsInWords(made.buyerPaysFirst)}.</p>
      <div className="buttons">
        <Button onClick={() => void copy()}>Copy key</Button>
        <Button variant="outlined" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}
