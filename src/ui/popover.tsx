import {
  FloatingFocusManager,
  FloatingPortal,
  useClick,
  useDismiss,
  useId,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button';
import { POPOVER_OFFSET, usePositionedFloating } from './floating';

export interface PopoverProps {
  label: ReactNode;
  title: string;
  children: ReactNode;
  placement?: Placement;
  variant?: ButtonVariant;
}

/** A button that opens a small non-modal dialog; Escape or a click outside closes it. */
export function Popover({ label, title, children, placement = 'bottom', variant = 'outlined' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = usePositionedFloating({ open, onOpenChange: setOpen, placement, offsetBy: POPOVER_OFFSET });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  const titleId = useId();
  return (
    <>
      <button type="button" className={buttonClass({ variant })} ref={refs.setReference} {...getReferenceProps()}>
        {label}
      </button>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              style={floatingStyles}
              className="ui-floating ui-popover"
              aria-labelledby={titleId}
              {...getFloatingProps()}
            >
              <p id={titleId} className="has-text-weight-semibold mb-2">
                {title}
              </p>
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
