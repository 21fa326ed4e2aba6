// An accessible modal dialog on the native <dialog> element: focus moves in and is trapped by the
// browser, Escape closes (unless the modal must be answered), focus returns where it was.
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { trapTab } from './focus-trap';

export interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Buttons; the first one receives focus. */
  actions: ReactNode;
  onClose?: () => void;
  /** Escape and the backdrop do nothing: the user must choose an action. */
  required?: boolean;
  role?: 'dialog' | 'alertdialog';
  /**
   * Where focus goes when the dialog closes, instead of where it was when it opened: the control
   * that asked for it, which the browser may have unfocused meanwhile (disabled while a request ran).
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Focus back to `target`'s element when it has one, else to `fallback`. */
const focusBack = (
  target: RefObject<HTMLElement | null> | undefined,
  fallback: HTMLElement | null,
) => (target?.current ?? fallback)?.focus?.();

export function Modal({
  open,
  title,
  children,
  actions,
  onClose,
  required = false,
  role = 'dialog',
  returnFocus,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect: focus moves in, and back where it was, in the same commit that shows or
  // removes the dialog, before the browser paints (a passive effect may run after paint, and the
  // focus would sit on the page in between).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialog.querySelector<HTMLElement>('.modal__actions button, .modal__actions a')?.focus();
      return () => focusBack(returnFocus, previous);
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open, returnFocus]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        if (!required) onClose?.();
      }}
    >
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <div className="modal__body">{children}</div>
      <div className="modal__actions">{actions}</div>
    </dialog>
  );
}
