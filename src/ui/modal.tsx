import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom, such as Cancel and Confirm. */
  actions?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape closes, focus stays
 * inside (Tab wraps), the page does not scroll behind it, and focus returns to the opener.
 *
 * `open` is the one truth: Escape, the close button and the backdrop ask the owner to close (onClose), and the
 * dialog closes when `open` turns false. Were the dialog to close itself, the owner would hear of it only from the
 * close event, a task later — and a press on the opener in between would set `open` to the true it still was, so
 * the dialog would not open again.
 */
export function Modal({ open, onClose, title, children, actions }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement as HTMLElement | null;
      element.showModal();
      document.documentElement.classList.add('is-clipped');
    } else if (!open && element.open) {
      element.close();
      document.documentElement.classList.remove('is-clipped');
      opener.current?.focus();
    }
  }, [open]);

  useEffect(() => () => document.documentElement.classList.remove('is-clipped'), []);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className="ui-modal"
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // Closed by the browser itself: a second Escape with no press between cannot be cancelled.
        if (event.currentTarget.open || !open) return;
        document.documentElement.classList.remove('is-clipped');
        opener.current?.focus();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="ui-modal-panel">
        <header className="ui-modal-header">
          <h2 id={titleId} className="title is-5 mb-0">
            {title}
          </h2>
          <button type="button" className="delete is-medium" aria-label="Close" onClick={onClose} />
        </header>
        <div className="ui-modal-body">{children}</div>
        {actions && <footer className="ui-modal-actions">{actions}</footer>}
      </div>
    </dialog>
  );
}
