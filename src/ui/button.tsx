import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Icon } from './icon';

export type ButtonVariant = 'primary' | 'secondary' | 'outlined' | 'text' | 'danger';
export type ButtonSize = 'small' | 'normal' | 'medium' | 'large';

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: 'is-primary',
  secondary: 'is-primary is-light',
  outlined: 'is-primary is-outlined',
  text: 'is-text',
  danger: 'is-danger',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner in place of the label, keeping the button's width, and blocks clicks. */
  loading?: boolean;
  icon?: LucideIcon;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClass({ variant = 'primary', size = 'normal', fullWidth = false, loading = false }: Partial<ButtonProps>): string {
  return ['button', VARIANT_CLASS[variant], size !== 'normal' && `is-${size}`, fullWidth && 'is-fullwidth', loading && 'is-loading']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  icon,
  children,
  type = 'button',
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={[buttonClass({ variant, size, fullWidth, loading }), rest.className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      // While loading the button stays focusable (no focus loss) but ignores clicks.
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {icon && <Icon icon={icon} />}
      <span>{children}</span>
    </button>
  );
}
