import { useState, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Icon } from './icon';
import { AlertIcon, CheckCircleIcon, ErrorIcon, InfoIcon } from './icons';

export type AlertKind = 'info' | 'success' | 'warning' | 'danger';

const KIND: Record<AlertKind, { icon: LucideIcon; role: 'status' | 'alert' }> = {
  info: { icon: InfoIcon, role: 'status' },
  success: { icon: CheckCircleIcon, role: 'status' },
  warning: { icon: AlertIcon, role: 'alert' },
  danger: { icon: ErrorIcon, role: 'alert' },
};

export interface AlertProps {
  kind?: AlertKind;
  title?: string;
  children: ReactNode;
  /** Shows a close button; the alert hides itself and then calls onDismiss. */
  dismissible?: boolean;
  onDismiss?: () => void;
}

export function Alert({ kind = 'info', title, children, dismissible = false, onDismiss }: AlertProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const { icon, role } = KIND[kind];
  return (
    <div className={`notification is-${kind} is-light ui-alert`} role={role}>
      {dismissible && (
        <button
          type="button"
          className="delete"
          aria-label="Dismiss"
          onClick={() => {
            setOpen(false);
            onDismiss?.();
          }}
        />
      )}
      <div className="ui-alert-body">
        <Icon icon={icon} />
        <div>
          {title && <p className="has-text-weight-semibold">{title}</p>}
          <div>{children}</div>
        </div>
      </div>
    </div>
  );
}
