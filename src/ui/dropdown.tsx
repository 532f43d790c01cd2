import {
  FloatingFocusManager,
  FloatingPortal,
  useClick,
  useDismiss,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
  type Placement,
} from '@floating-ui/react';
import { useRef, useState } from 'react';
import { buttonClass, type ButtonVariant } from './button';
import { POPOVER_OFFSET, usePositionedFloating } from './floating';
import { Icon } from './icon';
import { ChevronDownIcon } from './icons';

export interface DropdownItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
}

export interface DropdownProps {
  label: string;
  items: DropdownItem[];
  placement?: Placement;
  variant?: ButtonVariant;
}

/**
 * A menu button: Enter, Space or Arrow Down opens it on the first item; arrows, Home and End
 * move, typing a letter jumps to the item starting with it, Enter picks, Escape closes and
 * focus returns to the button.
 */
export function Dropdown({ label, items, placement = 'bottom-start', variant = 'outlined' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<(HTMLElement | null)[]>([]);
  const labelsRef = useRef(items.map((item) => item.label));
  const { refs, floatingStyles, context } = usePositionedFloating({ open, onOpenChange: setOpen, placement, offsetBy: POPOVER_OFFSET });
  const disabledIndices = items.flatMap((item, index) => (item.disabled ? [index] : []));
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, loop: true, disabledIndices }),
    useTypeahead(context, { listRef: labelsRef, activeIndex, onMatch: open ? setActiveIndex : undefined }),
  ]);

  return (
    <>
      <button type="button" className={buttonClass({ variant })} ref={refs.setReference} {...getReferenceProps()}>
        <span>{label}</span>
        <Icon icon={ChevronDownIcon} />
      </button>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div ref={refs.setFloating} style={floatingStyles} className="ui-floating ui-menu" aria-label={label} {...getFloatingProps()}>
              {items.map((item, index) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  className="ui-menu-item"
                  tabIndex={activeIndex === index ? 0 : -1}
                  disabled={item.disabled}
                  aria-disabled={item.disabled || undefined}
                  ref={(node) => {
                    listRef.current[index] = node;
                  }}
                  {...getItemProps({
                    onClick() {
                      item.onSelect();
                      setOpen(false);
                    },
                  })}
                >
                  {item.label}
                </button>
              ))}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
