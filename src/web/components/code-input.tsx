// The one-time code field of the confirmation-code dialog and of account verification: the 4-digit
// prefix the server chose, a dash, then the 6 digits the user types (numeric keyboard, one-time-code
// autocomplete, anything but digits dropped). The line above says where the code went; the message
// below (wrong code, code sent again) is read with the field.
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { showFiltered } from '../lib/filtered-input';

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

export interface CodeInputProps {
  /** The 4 digits the sent code starts with. */
  prefix: string;
  value: string;
  onChange: (code: string) => void;
  label: string;
  /** Where the code was sent and what it starts with; describes the field. */
  intro: ReactNode;
  /** Shown below the field and announced as an alert; marks the field invalid. */
  error?: string | null;
  /** Shown below the field and announced politely (e.g. "we sent a new code"). */
  notice?: string | null;
  /** The input, for the caller to focus and select after a wrong code or a resend. */
  inputRef?: Ref<HTMLInputElement>;
}

export function CodeInput({
  prefix,
  value,
  onChange,
  label,
  intro,
  error = null,
  notice = null,
  inputRef,
}: CodeInputProps) {
  const inputId = useId();
  const introId = useId();
  const messageId = useId();
  const noticeId = useId();
  return (
    <div className="code-input">
      <p id={introId} className="code-input__intro">
        {intro}
      </p>
      <label htmlFor={inputId} className="code-input__label">
        {label}
      </label>
      <div className="code-input__field">
        <span className="code-input__prefix" aria-hidden="true">
          {prefix}
        </span>
        <span className="code-input__dash" aria-hidden="true">
          –
        </span>
        <input
          ref={inputRef}
          id={inputId}
          className="code-input__input"
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${CODE_LENGTH}}`}
          maxLength={CODE_LENGTH}
          value={value}
          aria-describedby={
            error ? `${introId} ${messageId}` : notice ? `${introId} ${noticeId}` : introId
          }
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const next = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
            showFiltered(event.target, next);
            onChange(next);
          }}
        />
      </div>
      {/* Both always rendered, each with one role, so a live region exists before its first
          message and is announced when the message arrives: a wrong code at once (alert),
          a notice such as "code sent again" politely (status). */}
      <p id={messageId} className="code-dialog__message code-dialog__message--error" role="alert">
        {error}
      </p>
      <p id={noticeId} className="code-dialog__message" role="status">
        {error ? null : notice}
      </p>
    </div>
  );
}
