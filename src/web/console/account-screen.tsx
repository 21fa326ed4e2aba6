// /console/account: the signed-in staff member changes their password, or replaces their
// authenticator (a new phone, a lost one). Each needs the current password and a current code;
// the server ends their other sessions.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConsoleApiError, consoleApi, type NewAuthenticator } from './api';
import { useStaff } from './staff-context';
import { NewAuthenticatorPanel, StaffField } from './staff-field';
import { texts } from './texts';
import { useFocusHeading } from './use-focus-heading';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../core/staff/password-rules';

const T = texts.account;
const CHECK = texts.fieldChecks;
const CODE = { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: '6' };

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** A form's values, client checks, server field errors and outcome, and its submission. */
function useAccountForm<F extends string>(
  fields: readonly F[],
  idPrefix: string,
  check: (values: Record<F, string>) => Partial<Record<F, string>>,
  pointers: Partial<Record<string, F>>,
) {
  const empty = Object.fromEntries(fields.map((f) => [f, ''])) as Record<F, string>;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const { handleError } = useStaff();
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const submit =
    (send: (values: Record<F, string>) => Promise<unknown>, done: string) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const found = check(values);
      setErrors(found);
      const first = fields.find((f) => found[f]);
      if (first) {
        document.getElementById(`${idPrefix}-${first}`)?.focus();
        return;
      }
      setBusy(true);
      setOutcome(null);
      try {
        await send(values);
        setValues(empty);
        setOutcome({ ok: true, text: done });
      } catch (error) {
        const named: Partial<Record<F, string>> = {};
        if (error instanceof ConsoleApiError)
          for (const e of error.errors) {
            const field = pointers[e.path];
            if (field) named[field] = e.message;
          }
        setErrors(named);
        setOutcome({ ok: false, text: `${T.refused}${handleError(error)}` });
      } finally {
        setBusy(false);
      }
    };

  const field = (name: F, label: string, extra: Record<string, string>) => (
    <StaffField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      error={errors[name]}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      {...extra}
    />
  );

  const outcomeView = outcome ? (
    <div
      ref={outcomeRef}
      tabIndex={-1}
      className={`console-alert ${outcome.ok ? 'console-alert--ok' : 'console-alert--error'}`}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.text}
    </div>
  ) : null;

  return { busy, field, submit, outcomeView, reset: () => setOutcome(null) };
}

const required = (value: string) => (value ? undefined : CHECK.missing);
const codeCheck = (value: string) =>
  /^\d{6}$/.test(value.trim()) ? undefined : value ? CHECK.codeFormat : CHECK.missing;
const newPasswordCheck = (value: string) =>
  !value ? CHECK.missing : value.length < STAFF_PASSWORD_MIN_LENGTH ? CHECK.tooShort : undefined;
const definedOnly = <F extends string>(errors: Record<F, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Partial<Record<F, string>>;

const PASSWORD_FIELDS = ['currentPassword', 'code', 'newPassword', 'repeat'] as const;
const AUTHENTICATOR_FIELDS = ['password', 'code', 'newCode'] as const;

export function AccountScreen() {
  const heading = useFocusHeading();
  const { staff, handleError } = useStaff();
  const passwordForm = useAccountForm(
    PASSWORD_FIELDS,
    'account-password',
    (v) =>
      definedOnly({
        currentPassword: required(v.currentPassword),
        code: codeCheck(v.code),
        newPassword: newPasswordCheck(v.newPassword),
        repeat: !v.repeat ? CHECK.missing : v.repeat !== v.newPassword ? CHECK.mismatch : undefined,
      }),
    { '/newPassword': 'newPassword' },
  );
  const authenticatorForm = useAccountForm(
    AUTHENTICATOR_FIELDS,
    'account-authenticator',
    (v) =>
      definedOnly({
        password: required(v.password),
        code: codeCheck(v.code),
        newCode: codeCheck(v.newCode),
      }),
    { '/newCode': 'newCode' },
  );
  const [adding, setAdding] = useState<
    | { status: 'idle' }
    | { status: 'loading' }
    | { status: 'shown'; authenticator: NewAuthenticator }
    | { status: 'error'; message: string }
  >({ status: 'idle' });
  const addedRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (adding.status === 'shown') addedRef.current?.focus();
  }, [adding.status]);

  const startAdding = async () => {
    setAdding({ status: 'loading' });
    authenticatorForm.reset();
    try {
      setAdding({ status: 'shown', authenticator: await consoleApi.newAuthenticator() });
    } catch (error) {
      setAdding({ status: 'error', message: handleError(error) });
    }
  };

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" ref={heading} tabIndex={-1}>
        {T.heading}
      </h1>
      <p className="console-lead">{T.lead}</p>

      <section className="console-card console-account" aria-labelledby="account-password-title">
        <h2 id="account-password-title">{T.passwordHeading}</h2>
        {passwordForm.outcomeView}
        <form
          noValidate
          onSubmit={(e) =>
            void passwordForm.submit(
              (v) =>
                consoleApi.changePassword({
                  currentPassword: v.currentPassword,
                  code: v.code.trim(),
                  newPassword: v.newPassword,
                }),
              T.passwordChanged,
            )(e)
          }
        >
          <input type="hidden" name="username" autoComplete="username" value={staff.email} />
          {passwordForm.field('currentPassword', T.currentPassword, {
            type: 'password',
            autoComplete: 'current-password',
          })}
          {passwordForm.field('code', T.code, { ...CODE, hint: T.codeHint })}
          {passwordForm.field('newPassword', T.newPassword, {
            type: 'password',
            autoComplete: 'new-password',
            hint: T.newPasswordHint,
          })}
          {passwordForm.field('repeat', T.repeat, {
            type: 'password',
            autoComplete: 'new-password',
          })}
          <button type="submit" className="button" disabled={passwordForm.busy}>
            {passwordForm.busy ? T.saving : T.changePassword}
          </button>
        </form>
      </section>

      <section
        className="console-card console-account"
        aria-labelledby="account-authenticator-title"
      >
        <h2 id="account-authenticator-title">{T.authenticatorHeading}</h2>
        <p>{T.authenticatorLead}</p>
        {authenticatorForm.outcomeView}
        {adding.status === 'error' ? (
          <div className="console-alert console-alert--error" role="alert">
            {adding.message}
          </div>
        ) : null}
        {adding.status !== 'shown' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={adding.status === 'loading'}
            onClick={() => void startAdding()}
          >
            {adding.status === 'loading' ? T.starting : T.start}
          </button>
        ) : (
          <>
            <h3 ref={addedRef} tabIndex={-1}>
              {T.start}
            </h3>
            <NewAuthenticatorPanel
              otpauthUri={adding.authenticator.otpauthUri}
              secret={adding.authenticator.secret}
              texts={texts.authenticator}
            />
            <form
              noValidate
              onSubmit={(e) =>
                void authenticatorForm.submit(async (v) => {
                  await consoleApi.changeAuthenticator({
                    password: v.password,
                    code: v.code.trim(),
                    newCode: v.newCode.trim(),
                  });
                  setAdding({ status: 'idle' });
                }, T.replaced)(e)
              }
            >
              <input type="hidden" name="username" autoComplete="username" value={staff.email} />
              {authenticatorForm.field('password', T.password, {
                type: 'password',
                autoComplete: 'current-password',
              })}
              {authenticatorForm.field('code', T.currentCode, CODE)}
              {authenticatorForm.field('newCode', T.newCode, CODE)}
              <button type="submit" className="button" disabled={authenticatorForm.busy}>
                {authenticatorForm.busy ? T.saving : T.replace}
              </button>
            </form>
          </>
        )}
      </section>
    </section>
  );
}
