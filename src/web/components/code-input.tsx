// The one-time code field: the 4-digit prefix the server chose, a dash, then the 6 digits the user
// types (numeric keyboard, one-time-code autocomplete, anything but digits dropped). CodeInput puts
// it in the confirmation-code dialog and account verification with its label, the line above that
// says where the code went and the message below (wrong code, code sent again); the schema forms'
// "otp" widget puts it in a form, whose field template gives the label, help and errors.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { showFiltered } from '../lib/filtered-input';
import { CODE_LENGTH } from './use-code-entry';

export interface OneTimeCodeFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'prefix'
> {
  /** The digits the sent code starts with, shown before the field (none: the field alone). */
  prefix?: string;
  value: string;
  /** The digits typed or pasted, nothing else, at most `length`. */
  onDigits: (digits: string) => void;
  length?: number;
  inputRef?: Ref<HTMLInputElement>;
}

export function OneTimeCodeField({
  prefix,
  value,
  onDigits,
  length = CODE_LENGTH,
  inputRef,
  ...input
}: OneTimeCodeFieldProps) {
  return (
    <div className="code-input__field">
      {prefix ? (
        <>
          <span className="code-input__prefix" aria-hidden="true">
            {prefix}
          </span>
          <span className="code-input__dash" aria-hidden="true">
            –
          </span>
        </>
      ) : null}
      <input
        {...input}
        ref={inputRef}
        className="code-input__input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${length}}`}
        // No maxLength: a pasted "123 456" would be cut before its space is dropped.
        value={value}
        onChange={(event) => {
          const next = event.target.value.replace(/\D/g, '').slice(0, length);
          showFiltered(event.target, next);
          onDigits(next);
        }}
      />
    </div>
  );
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
      <OneTimeCodeField
        inputRef={inputRef}
        id={inputId}
        name="otp"
        prefix={prefix}
        value={value}
        onDigits={onChange}
        aria-describedby={
          error ? `${introId} ${messageId}` : notice ? `${introId} ${noticeId}` : introId
        }
        aria-invalid={error ? true : undefined}
      />
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
