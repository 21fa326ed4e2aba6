// One labelled input of the console's account forms (enrolment, password, authenticator): its
// hint and its error are its accessible description, as on the sign-in screen.
import type { InputHTMLAttributes } from 'react';

export function StaffField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className={`schema-form__field${error ? ' schema-form__field--invalid' : ''}`}>
      <label className="schema-form__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="schema-form__help">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className="schema-form__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {error ? (
        <p id={errorId} className="schema-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** An authenticator to add: the otpauth link (opens the app on a phone) and the secret to type. */
export function NewAuthenticatorPanel({
  otpauthUri,
  secret,
  texts,
}: {
  otpauthUri: string;
  secret: string;
  texts: { addLead: string; openLink: string; secretLabel: string };
}) {
  return (
    <div className="console-authenticator">
      <p>{texts.addLead}</p>
      <p>
        <a href={otpauthUri}>{texts.openLink}</a>
      </p>
      <p>
        {texts.secretLabel} <code className="console-secret">{groupedSecret(secret)}</code>
      </p>
    </div>
  );
}
