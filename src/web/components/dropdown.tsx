// A menu button (WAI-ARIA menu pattern): the trigger opens a list of items; arrows, Home and End
// move between them, Escape closes and returns focus to the trigger, Tab or a click outside closes.
// The list scrolls past 13.75rem (--dropdown-max-height).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  /** For radio menus: whether the item is the current choice. */
  checked?: boolean;
  /** Language of the label when it differs from the page's. */
  lang?: string;
}

export interface DropdownProps {
  /** Visible content of the trigger. */
  label: ReactNode;
  /** Accessible name of the trigger. */
  ariaLabel?: string;
  items: DropdownItem[];
  /** 'radio': one item is the current choice (role menuitemradio, aria-checked). */
  variant?: 'menu' | 'radio';
  /** Which edge of the trigger the list lines up with. */
  align?: 'start' | 'end';
  className?: string;
  triggerClassName?: string;
}

export function Dropdown({
  label,
  ariaLabel,
  items,
  variant = 'menu',
  align = 'start',
  className,
  triggerClassName,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const count = items.length;

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const checkedIndex = Math.max(
    0,
    items.findIndex((item) => item.checked),
  );
  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(checkedIndex);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(count - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active + 1) % count,
      ArrowUp: () => (active - 1 + count) % count,
      Home: () => 0,
      End: () => count - 1,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Only this menu closes; surrounding panels stay open.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className={['dropdown', className].filter(Boolean).join(' ')}>
      <button
        ref={triggerRef}
        type="button"
        className={['dropdown__trigger', triggerClassName].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(checkedIndex))}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        {/* The name is the visible label, then what the menu is for (WCAG 2.5.3: the words a
            speech user sees are part of the name). */}
        {ariaLabel ? <span className="visually-hidden">, {ariaLabel}</span> : null}
        <svg className="dropdown__chevron" aria-hidden="true" viewBox="0 0 16 16" width="16">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-label={ariaLabel}
          className={`dropdown__menu dropdown__menu--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li role="none" key={item.key}>
              <button
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role={variant === 'radio' ? 'menuitemradio' : 'menuitem'}
                aria-checked={variant === 'radio' ? Boolean(item.checked) : undefined}
                lang={item.lang}
                tabIndex={index === active ? 0 : -1}
                className="dropdown__item"
                onClick={() => {
                  item.onSelect();
                  close(true);
                }}
              >
                <span>{item.label}</span>
                {variant === 'radio' && item.checked ? (
                  <svg
                    className="dropdown__check"
                    aria-hidden="true"
                    viewBox="0 0 16 16"
                    width="16"
                  >
                    <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
