/**
 * Positioning shared by popover, tooltip and dropdown: Floating UI with the SPEC §9 offsets,
 * flipping and shifting to stay on screen, updated while open.
 */
import { autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react';

export const POPOVER_OFFSET: [number, number] = [0, 8];
export const TOOLTIP_OFFSET: [number, number] = [0, 6];

export function usePositionedFloating(options: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placement: Placement;
  offsetBy: [number, number];
}) {
  const [crossAxis, mainAxis] = options.offsetBy;
  return useFloating({
    open: options.open,
    onOpenChange: options.onOpenChange,
    placement: options.placement,
    middleware: [offset({ mainAxis, crossAxis }), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
}
