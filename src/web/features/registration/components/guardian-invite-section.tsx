// A minor's way on after saving the profile (spec section 4, minors and guardians): they name a
// parent or guardian, who gets an email to consent. The invitation sets the status
// GUARDIAN_CONSENT_PENDING, so the root flow then shows the dashboard with what is awaited.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/store';
import { SchemaForm, type FormData, type ServerFieldError } from '../../../components/schema-form';
import { Section } from '../../../components/section';
import { profileApi, useInviteGuardianMutation } from '../../profile/api/profile-api';
import { fieldErrorsOf } from '../lib/server-errors';

/** Refusals of POST /me/guardian/invite, by the code that starts the server's message. */
const KNOWN_ERRORS = ['GuardianIsSelf', 'NotAMinor'] as const;

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

export function GuardianInviteSection({ minimumAge }: { minimumAge: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [invite] = useInviteGuardianMutation();
  const [data, setData] = useState<FormData>({});
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [error, setError] = useState<ErrorKey | null>(null);

  const send = async (form: FormData) => {
    setError(null);
    setServerErrors([]);
    try {
      const profile = await invite({
        firstName: String(form.firstName ?? ''),
        lastName: String(form.lastName ?? ''),
        guardianEmail: String(form.guardianEmail ?? ''),
        relationship: String(form.relationship ?? ''),
      }).unwrap();
      // The root flow reads the cached profile: give it the new status before going there, or it
      // would send the minor back here while the refetch is on its way.
      dispatch(profileApi.util.updateQueryData('getProfile', undefined, () => profile));
      void navigate('/');
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setServerErrors(fields);
      setError(errorKeyOf(failure, fields));
    }
  };

  return (
    <Section
      title={t('registration.minor.title')}
      description={t('registration.minor.body', { age: minimumAge })}
    >
      <p>{t('guardians.invite.lead')}</p>
      <SchemaForm
        formId="guardian-invite"
        formData={data}
        serverErrors={serverErrors}
        // The person form above has firstName and lastName too: ids of our own keep them apart.
        idPrefix="guardian"
        submitLabel={t('guardians.invite.submit')}
        onChange={setData}
        onSubmit={send}
      />
      {error ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {t(`guardians.invite.errors.${error}`)}
        </p>
      ) : null}
    </Section>
  );
}
