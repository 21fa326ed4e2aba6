// /console/enrol#<token>: a staff member sets up their own account from the one-time link the
// administrator gave them. The server makes their authenticator's secret now and shows it to them
// only; they choose a password and confirm with a current code, and are then signed in. The token
// stays in the address's fragment, which no request carries but the API calls made here.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Spinner } from '../components/spinner';
import {
  ConsoleApiError,
  consoleApi,
  errorText,
  type NewAuthenticator,
  type StaffMember,
} from './api';
import { NewAuthenticatorPanel, StaffField } from './staff-field';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../core/staff/password-rules';

const T = texts.enrol;
const CHECK = texts.fieldChecks;
type Field = 'password' | 'repeat' | 'code';
const FIELDS: readonly Field[] = ['password', 'repeat', 'code'];

/** The server's field errors (by JSON pointer) under the fields they name. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!(error instanceof ConsoleApiError)) return {};
  const out: Partial<Record<Field, string>> = {};
  for (const e of error.errors) {
    if (e.path === '/password') out.password = e.message;
    if (e.path === '/code') out.code = e.message;
  }
  return out;
}

export function EnrolScreen({
  token,
  onEnrolled,
}: {
  token: string;
  onEnrolled: (staff: StaffMember) => void;
}) {
  const heading = useFocusHeading();
  const [shown, setShown] = useState<
    | { status: 'loading' }
    | { status: 'ready'; authenticator: NewAuthenticator }
    | { status: 'error'; message: string }
  >(token ? { status: 'loading' } : { status: 'error', message: T.noToken });
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    repeat: '',
    code: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    consoleApi.enrolmentAuthenticator(token).then(
      (authenticator) => live && setShown({ status: 'ready', authenticator }),
      (error: unknown) => live && setShown({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!values.password) errors.password = CHECK.missing;
    else if (values.password.length < STAFF_PASSWORD_MIN_LENGTH) errors.password = CHECK.tooShort;
    if (!values.repeat) errors.repeat = CHECK.missing;
    else if (values.repeat !== values.password) errors.repeat = CHECK.mismatch;
    if (!/^\d{6}$/.test(values.code.trim()))
      errors.code = values.code ? CHECK.codeFormat : CHECK.missing;
    setFieldErrors(errors);
    const first = FIELDS.find((f) => errors[f]);
    if (first) {
      document.getElementById(`enrol-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onEnrolled(
        await consoleApi.enrol({ token, password: values.password, code: values.code.trim() }),
      );
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      setFailure(errorText(error));
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, extra: Record<string, string>) => (
    <StaffField
      id={`enrol-${name}`}
      name={name}
      label={label}
      error={fieldErrors[name]}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      {...extra}
    />
  );

  return (
    <section className="console-card console-sign-in" aria-labelledby="enrol-title">
      <h1 id="enrol-title" ref={heading} tabIndex={-1}>
        {T.heading}
      </h1>
      {shown.status === 'loading' ? <Spinner label={T.loading} /> : null}
      {shown.status === 'error' ? (
        <div className="console-alert console-alert--error" role="alert">
          {shown.message}
        </div>
      ) : null}
      {shown.status === 'ready' ? (
        <>
          <p>
            {T.lead(
              shown.authenticator.email,
              texts.roles[shown.authenticator.role] ?? shown.authenticator.role,
            )}
          </p>
          <h2>{T.step1}</h2>
          <NewAuthenticatorPanel
            otpauthUri={shown.authenticator.otpauthUri}
            secret={shown.authenticator.secret}
            texts={texts.authenticator}
          />
          <h2>{T.step2}</h2>
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
            {/* The account's email for password managers, which file the new password under it. */}
            <input
              type="hidden"
              name="username"
              autoComplete="username"
              value={shown.authenticator.email}
            />
            {field('password', T.password, {
              type: 'password',
              autoComplete: 'new-password',
              hint: T.passwordHint,
            })}
            {field('repeat', T.repeat, { type: 'password', autoComplete: 'new-password' })}
            {field('code', T.code, {
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: '6',
              hint: T.codeHint,
            })}
            <button type="submit" className="button" disabled={busy}>
              {busy ? T.submitting : T.submit}
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
