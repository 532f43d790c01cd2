import { useState } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/form/text-field';
import { Modal } from '../../ui/modal';
import { Example, ShowcasePage } from './showcase';

export function Component() {
  const [open, setOpen] = useState(false);
  const [declined, setDeclined] = useState(false);
  return (
    <ShowcasePage title="Modals" intro="Focus stays inside, Escape closes, focus returns to the button that opened it.">
      <Example title="Decline confirmation">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Decline offer
        </Button>
        {declined && <p role="status">Offer declined.</p>}
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title="Decline this offer?"
          actions={
            <>
              <Button variant="outlined" onClick={() => setOpen(false)}>
                Keep offer
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setDeclined(true);
                  setOpen(false);
                }}
              >
                Decline
              </Button>
            </>
          }
        >
          <p className="mb-4">The buyer will be told you declined. You can still make a counteroffer later.</p>
          <TextField label="Reason (optional)" name="reason" />
        </Modal>
      </Example>
    </ShowcasePage>
  );
}
