import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './icon';
import { ChevronDownIcon } from './icons';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** Heading level of each item's title within the page outline. */
  headingLevel?: 2 | 3 | 4;
  allowMultiple?: boolean;
}

/**
 * Expandable sections (WAI-ARIA accordion): each title is a button with aria-expanded;
 * Arrow Up/Down, Home and End move between titles.
 */
export function Accordion({ items, headingLevel = 3, allowMultiple = true }: AccordionProps) {
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  function toggle(index: number) {
    setExpanded((current) => {
      const next = new Set(allowMultiple ? current : []);
      if (current.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  function moveFocus(event: KeyboardEvent, index: number) {
    const last = items.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className="ui-accordion">
      {items.map((item, index) => {
        const open = expanded.has(index);
        const buttonId = `${baseId}-button-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.title} className="ui-accordion-item">
            <Heading className="ui-accordion-heading">
              <button
                ref={(node) => {
                  buttons.current[index] = node;
                }}
                id={buttonId}
                type="button"
                className="ui-accordion-trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span>{item.title}</span>
                <Icon icon={ChevronDownIcon} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="ui-accordion-panel" hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
