// Keeps Tab and Shift+Tab inside a modal container (a dialog, the side panel): from the last
// focusable element Tab wraps to the first, and back. Native modal dialogs make the page inert,
// but the browser would still let focus leave for its own toolbar; this keeps it in the page.
import type { KeyboardEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The elements Tab can reach inside a container, in order (hidden ones left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && getComputedStyle(el).visibility !== 'hidden',
  );
}

export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(event.currentTarget);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof Node && event.currentTarget.contains(active);
  if (event.shiftKey && (active === first || !inside || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
