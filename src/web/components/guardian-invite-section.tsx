// A minor's way on after saving the profile (spec section 4, minors and guardians): they name a
// parent or guardian, who gets an email to consent. The invitation sets the status
// GUARDIAN_CONSENT_PENDING, so the root flow then shows the dashboard with what is awaited.
//
// The same form corrects a stuck invitation (issue 28): from the dashboard's pending notice and the
// page of a refused consent, filled with the invitation's details and sent with `replaces`, so the
// server withdraws the old invitation and the new guardian's consent alone lets the minor go on.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Guardian } from '../../core/types/entities/guardian';
import type { Profile } from '../../core/types/entities/profile';
import { useAppDispatch } from '../lib/store-hooks';
import { SchemaForm, type FormData, type ServerFieldError } from './schema-form/index';
import { Section } from './section';
import { profileApi, useInviteGuardianMutation } from '../api/profile-api';
import { fieldErrorsOf } from '../lib/server-errors';

/** Refusals of POST /me/guardian/invite, by the code that starts the server's message. */
const KNOWN_ERRORS = [
  'GuardianIsSelf',
  'NotAMinor',
  'GuardianNotFound',
  'GuardianAlreadyConsented',
] as const;

type ErrorKey = (typeof KNOWN_ERRORS)[number] | 'fixFields' | 'generic';

function errorKeyOf(failure: unknown, fields: readonly ServerFieldError[]): ErrorKey {
  const data =
    failure && typeof failure === 'object' && 'data' in failure
      ? (failure as { data?: { message?: unknown } }).data
      : undefined;
  const message = typeof data?.message === 'string' ? data.message : '';
  return (
    KNOWN_ERRORS.find((code) => message.startsWith(code)) ??
    (fields.length ? 'fixFields' : 'generic')
  );
}

/** The form's fields filled from an earlier invitation (what the minor corrects). */
const formOf = (guardian: Guardian | undefined): FormData =>
  guardian
    ? {
        ...(guardian.firstName ? { firstName: guardian.firstName } : {}),
        ...(guardian.lastName ? { lastName: guardian.lastName } : {}),
        ...(guardian.email ? { guardianEmail: guardian.email } : {}),
        ...(guardian.relationship ? { relationship: guardian.relationship } : {}),
      }
    : {};

export interface GuardianInviteFormProps {
  /** The stuck invitation being corrected: it fills the form and the new one replaces it. */
  replacing?: Guardian;
  submitLabel?: string;
  /** Called with the minor's profile as the server answered it (already in the cache). */
  onSent: (profile: Profile, invited: { name: string; email: string }) => void;
  /** Called as the invitation goes out (before the answer changes the cached profile). */
  onSending?: () => void;
  /** Extra buttons after the submit button (e.g. "Cancel"). */
  children?: ReactNode;
}

/** The invitation form and its errors: POST /me/guardian/invite, the profile cache updated. */
export function GuardianInviteForm({
  replacing,
  submitLabel,
  onSent,
  onSending,
  children,
}: GuardianInviteFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [invite] = useInviteGuardianMutation();
  const [data, setData] = useState<FormData>(() => formOf(replacing));
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [error, setError] = useState<ErrorKey | null>(null);

  const send = async (form: FormData) => {
    onSending?.();
    setError(null);
    setServerErrors([]);
    const body = {
      firstName: String(form.firstName ?? ''),
      lastName: String(form.lastName ?? ''),
      guardianEmail: String(form.guardianEmail ?? ''),
      relationship: String(form.relationship ?? ''),
    };
    try {
      const profile = await invite(
        replacing?.id ? { ...body, replaces: replacing.id } : body,
      ).unwrap();
      // The root flow and the notice read the cached profile: give it the new status and guardian
      // at once, or they would show the old invitation while the refetch is on its way.
      dispatch(profileApi.util.updateQueryData('getProfile', undefined, () => profile));
      onSent(profile, {
        name: [body.firstName, body.lastName].filter(Boolean).join(' '),
        email: body.guardianEmail,
      });
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setServerErrors(fields);
      setError(errorKeyOf(failure, fields));
    }
  };

  return (
    <>
      <SchemaForm
        formId="guardian-invite"
        formData={data}
        serverErrors={serverErrors}
        // The person form above has firstName and lastName too: ids of our own keep them apart.
        idPrefix="guardian"
        submitLabel={submitLabel ?? t('guardians.invite.submit')}
        onChange={setData}
        onSubmit={send}
      >
        {children}
      </SchemaForm>
      {error ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {t(`guardians.invite.errors.${error}`)}
        </p>
      ) : null}
    </>
  );
}

export function GuardianInviteSection({ minimumAge }: { minimumAge: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Section
      title={t('registration.minor.title')}
      description={t('registration.minor.body', { age: minimumAge })}
    >
      <p>{t('guardians.invite.lead')}</p>
      <GuardianInviteForm onSent={() => void navigate('/')} />
    </Section>
  );
}

/** The form alone, as the default export the dashboard's notice loads when it is needed. */
export default GuardianInviteForm;
