import { FloatingPortal, useDismiss, useFocus, useHover, useInteractions, useRole, type Placement } from '@floating-ui/react';
import { cloneElement, useState, type ReactElement } from 'react';
import { TOOLTIP_OFFSET, usePositionedFloating } from './floating';

export interface TooltipProps {
  text: string;
  /** One focusable element; the tooltip describes it. */
  children: ReactElement<Record<string, unknown>>;
  placement?: Placement;
}

/** A short description shown on hover and on keyboard focus; Escape hides it. */
export function Tooltip({ text, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = usePositionedFloating({ open, onOpenChange: setOpen, placement, offsetBy: TOOLTIP_OFFSET });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, delay: { open: 150, close: 0 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  return (
    <>
      {cloneElement(children, getReferenceProps({ ref: refs.setReference, ...children.props }))}
      {open && (
        <FloatingPortal>
          <div ref={refs.setFloating} style={floatingStyles} className="ui-tooltip" {...getFloatingProps()}>
            {text}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
