import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  return (
    <ShowcasePage title="Snackbar" intro="Toasts hide after 5 seconds, wait while hovered or focused, and stack.">
      <Example title="Kinds">
        <div className="buttons">
          <Button variant="outlined" onClick={() => showToast('Offer sent to the buyer.', 'success')}>
            Success
          </Button>
          <Button variant="outlined" onClick={() => showToast('Your upload will resume when you are back online.', 'info')}>
            Info
          </Button>
          <Button variant="outlined" onClick={() => showToast('Your session ends in 2 minutes.', 'warning')}>
            Warning
          </Button>
          <Button variant="outlined" onClick={() => showToast('Payment failed. Nothing was charged.', 'danger')}>
            Error
          </Button>
        </div>
      </Example>
    </ShowcasePage>
  );
}
