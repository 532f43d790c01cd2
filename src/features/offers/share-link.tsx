import { useId } from 'react';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';

/** A link to share: shown in full (selectable) with a Copy button. */
export function ShareLink({ url }: { url: string }) {
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast('Link copied.', 'success');
    } catch {
      showToast('Copying is not allowed here; select the link and copy it.', 'warning');
    }
  }
  return (
    <div className="field has-addons">
      <div className="control is-expanded">
        <label className="is-sr-only" htmlFor={id}>
          Link to share
        </label>
        <input id={id} className="input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </div>
      {/* The input gives way, not the button: "Copy link" stays on one line on a phone. */}
      <div className="control is-flex-shrink-0">
        <Button onClick={() => void copy()}>Copy link</Button>
      </div>
    </div>
  );
}
