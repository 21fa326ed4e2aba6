// The one-time code field of the confirmation-code dialog and of account verification: the 4-digit
// prefix the server chose, a dash, then the 6 digits the user types (numeric keyboard, one-time-code
// autocomplete, anything but digits dropped). The line above says where the code went; the message
// below (wrong code, code sent again) is read with the field.
import { useId, type ReactNode, type Ref } from 'react';
import { showFiltered } from '../lib/filtered-input';
import { CODE_LENGTH } from './use-code-entry';

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
