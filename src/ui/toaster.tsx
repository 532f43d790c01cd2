import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Icon } from './icon';
import { AlertIcon, CheckCircleIcon, ErrorIcon, InfoIcon } from './icons';
import { dismissToast, pauseToasts, resumeToasts, toastState, type Toast, type ToastKind } from './toast-store';

const ICON = { info: InfoIcon, success: CheckCircleIcon, warning: AlertIcon, danger: ErrorIcon } as const satisfies Record<
  ToastKind,
  unknown
>;

/**
 * Renders the toast stack once, near the root. A polite live region announces new toasts
 * (an urgent one interrupts); hovering or focusing the stack pauses every timer.
 */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  return (
    <section
      className="ui-toaster"
      aria-label="Notifications"
      onMouseEnter={pauseToasts}
      onMouseLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToasts();
      }}
    >
      <div aria-live="polite" aria-relevant="additions text">
        {toasts
          .filter((toast) => toast.kind !== 'danger')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div aria-live="assertive" aria-relevant="additions text">
        {toasts
          .filter((toast) => toast.kind === 'danger')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </section>
  );
}

function ToastItem({ toast: { id, kind, message, link } }: { toast: Toast }) {
  return (
    <div className={`notification is-${kind} ui-toast`}>
      <Icon icon={ICON[kind]} />
      <p>
        {message}
        {link && (
          <>
            {' '}
            <Link to={link.to} onClick={() => dismissToast(id)}>
              {link.label}
            </Link>
          </>
        )}
      </p>
      <button type="button" className="delete" aria-label={`Dismiss: ${message}`} onClick={() => dismissToast(id)} />
    </div>
  );
}
