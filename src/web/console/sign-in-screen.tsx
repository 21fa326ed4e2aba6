// Staff sign-in: email, password and the authenticator's 6-digit code (POST /sign-in-attempts:
// wrong credentials come back as the attempt's outcome, not as a failed request the browser logs).
// Missing or malformed fields are named under the field; a refusal shows in an alert.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleApi, errorText, type StaffMember } from './api';
import { texts } from './texts';

type Field = 'email' | 'password' | 'code';
const T = texts.signIn;

export function SignInScreen({
  notice,
  onSignedIn,
}: {
  notice?: string;
  onSignedIn: (staff: StaffMember) => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    code: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!values.email.trim()) errors.email = T.missing;
    if (!values.password) errors.password = T.missing;
    if (!/^\d{6}$/.test(values.code.trim())) errors.code = values.code ? T.codeFormat : T.missing;
    setFieldErrors(errors);
    const first = (['email', 'password', 'code'] as const).find((f) => errors[f]);
    if (first) {
      document.getElementById(`staff-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const attempt = await consoleApi.signIn({
        email: values.email.trim(),
        password: values.password,
        code: values.code.trim(),
      });
      if (attempt.outcome === 'signed-in') {
        onSignedIn(attempt.staff);
        return;
      }
      setFailure(texts.errors.Unauthorized);
      setBusy(false);
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, type: string, extra: Record<string, string> = {}) => {
    const error = fieldErrors[field];
    const hint = field === 'code' ? `staff-${field}-hint` : undefined;
    const described = [hint, error ? `staff-${field}-error` : undefined].filter(Boolean).join(' ');
    return (
      <div className={`schema-form__field${error ? ' schema-form__field--invalid' : ''}`}>
        <label className="schema-form__label" htmlFor={`staff-${field}`}>
          {label}
        </label>
        {hint ? (
          <p id={hint} className="schema-form__help">
            {T.codeHint}
          </p>
        ) : null}
        <input
          id={`staff-${field}`}
          name={field}
          type={type}
          className="schema-form__input"
          value={values[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          {...extra}
        />
        {error ? (
          <p id={`staff-${field}-error`} className="schema-form__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="console-card console-sign-in" aria-labelledby="staff-sign-in-title">
      <h1 id="staff-sign-in-title" ref={headingRef} tabIndex={-1}>
        {T.heading}
      </h1>
      <p>{T.lead}</p>
      {notice ? (
        <p className="console-alert" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          className="console-alert console-alert--error"
          role="alert"
        >
          {failure}
        </div>
      ) : null}
      <form noValidate onSubmit={(e) => void submit(e)}>
        {input('email', T.email, 'email', { autoComplete: 'username' })}
        {input('password', T.password, 'password', { autoComplete: 'current-password' })}
        {input('code', T.code, 'text', {
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: '6',
        })}
        <button type="submit" className="button" disabled={busy}>
          {busy ? T.submitting : T.submit}
        </button>
      </form>
    </section>
  );
}
