// Entering a one-time code (the confirmation-code dialog and account verification): the code's
// shape, the server's answers to a wrong or locked code, and the state the code field shows.
import { useRef, useState, type FormEvent } from 'react';

/**
 * The 4-digit prefix a requested code will start with: the page shows it, so the visitor can tell
 * this code's message from an earlier one.
 */
export function randomPrefix(): string {
  const [n = 0] = crypto.getRandomValues(new Uint16Array(1));
  return String(n % 10000).padStart(4, '0');
}

export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;

/** Whether a failure is the server's answer to a wrong, expired or used code. */
export function isWrongCode(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('data' in error)) return false;
  const data = (error as { data?: unknown }).data;
  return (
    !!data && typeof data === 'object' && (data as { message?: unknown }).message === 'Wrong OTP'
  );
}

/** Whether the server locked the codes of this account after too many wrong ones. */
export function isCodeLocked(error: unknown): boolean {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  const message = data && typeof data === 'object' ? (data as { message?: unknown }).message : '';
  return typeof message === 'string' && message.startsWith('TooManyAttempts');
}

export interface CodeEntryMessages {
  wrongCode: string;
  /** Too many wrong codes: the server refuses codes for a while (a new code does not help). */
  tooManyAttempts: string;
  serverError: string;
  /** The notice after a new code was sent. */
  resent: string;
  resendFailed: string;
  /** Said when confirming an incomplete code; without it the confirm button is simply inert. */
  incomplete?: string;
}

/**
 * The state of entering a code, shared by the dialog and the verify page: the code, which action
 * is under way, the error or notice under the field, and confirm / resend handlers that set them
 * and put the focus back in the field.
 */
export function useCodeEntry({
  onConfirm,
  onResend,
  messages,
}: {
  onConfirm: (code: string) => Promise<unknown>;
  onResend: () => Promise<unknown>;
  messages: CodeEntryMessages;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const complete = CODE_PATTERN.test(code);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!complete) {
      if (messages.incomplete) {
        setError(messages.incomplete);
        inputRef.current?.focus();
      }
      return;
    }
    setBusy('confirm');
    setError(null);
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(
        isWrongCode(failure)
          ? messages.wrongCode
          : isCodeLocked(failure)
            ? messages.tooManyAttempts
            : messages.serverError,
      );
      inputRef.current?.focus();
      inputRef.current?.select();
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    setError(null);
    setNotice(null);
    try {
      await onResend();
      setCode('');
      setNotice(messages.resent);
      inputRef.current?.focus();
    } catch {
      setError(messages.resendFailed);
    } finally {
      setBusy(null);
    }
  };

  return { code, setCode, complete, busy, error, notice, inputRef, confirm, resend };
}
