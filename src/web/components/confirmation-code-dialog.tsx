// The one-time code dialog (claim acceptance, Zelle and account verification): the 4-digit prefix
// the server chose is shown before a 6-digit input, so the user can match the message they
// received. Its content is its own chunk (confirmation-code-dialog-content.tsx), loaded when a
// code is asked for: the pages that offer it show their form without it.
import { lazy, Suspense, type RefObject } from 'react';
import { loadConfirmationCodeDialog } from './confirmation-code-dialog-loader';

export interface ConfirmationCodeDialogProps {
  open: boolean;
  /** The 4 digits the sent code starts with. */
  prefix: string;
  onConfirm: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onClose: () => void;
  /** The control that asked for the code: focus returns there when the dialog closes. */
  returnFocus?: RefObject<HTMLElement | null>;
}

const CodeDialogContent = lazy(loadConfirmationCodeDialog);

export function ConfirmationCodeDialog(props: ConfirmationCodeDialogProps) {
  // Mounted only while open, so every opening starts with an empty code and no message.
  return props.open ? (
    <Suspense fallback={null}>
      <CodeDialogContent {...props} />
    </Suspense>
  ) : null;
}
