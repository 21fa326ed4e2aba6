// The profile's phone numbers: each can be deleted, and one is added at a time with the phone
// form (PATCH /me with a phone without id adds it). A refused add keeps the number typed and says
// why in the person's language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneFormat } from '../../../lib/use-phone-format';
import type { Phone } from '../../../../core/types/entities/phone';
import { Section } from '../../../components/section';
import { SchemaForm, type ServerFieldError } from '../../../components/schema-form';
import { useDeletePhoneMutation, useUpdateProfileMutation } from '../../../api/profile-api';
import { errorsUnder } from '../../../lib/server-errors';
import { loadApiError } from '../lib/load-api-error';

/** The empty phone form. One object: a new one on each render would replace what was typed. */
const NEW_PHONE = { phoneType: 'CELL' } as const;

export function PhonesSection({ phones }: { phones: readonly Phone[] }) {
  const { t } = useTranslation();
  const formatPhone = usePhoneFormat();
  const [deletePhone, { isLoading: deleting }] = useDeletePhoneMutation();
  const [update] = useUpdateProfileMutation();
  const [formKey, setFormKey] = useState(0);
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const remove = async (phone: Phone) => {
    if (!phone.id) return;
    setMessage(null);
    try {
      await deletePhone(phone.id).unwrap();
      setMessage({ error: false, text: t('registration.phones.deleted') });
    } catch {
      setMessage({ error: true, text: t('registration.phones.deleteFailed') });
    }
  };

  const add = async (data: Record<string, unknown>) => {
    setMessage(null);
    try {
      await update({
        phones: [{ number: data.number, phoneType: data.phoneType ?? 'CELL' }],
      }).unwrap();
      setServerErrors([]);
      setFormKey((k) => k + 1);
      setMessage({ error: false, text: t('registration.phones.added') });
    } catch (failure) {
      const { errorText, readApiError } = await loadApiError();
      const errors = errorsUnder(readApiError(failure).fields, '/phones/0');
      setServerErrors(errors);
      if (!errors.length)
        setMessage({ error: true, text: errorText(failure, t, 'registration.phones.addFailed') });
    }
  };

  return (
    <Section title={t('registration.phones.title')} headingLevel={2}>
      {phones.length ? (
        <ul className="registration-phones">
          {phones.map((phone) => (
            <li key={phone.id ?? phone.number}>
              <span>
                {formatPhone(phone.number)} ({t(`registration.phones.types.${phone.phoneType}`)})
              </span>{' '}
              <button
                type="button"
                className="button button--secondary"
                disabled={deleting || !phone.id}
                onClick={() => void remove(phone)}
              >
                {t('registration.phones.delete', { number: formatPhone(phone.number) })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('registration.phones.none')}</p>
      )}
      <p
        className={message?.error ? 'code-dialog__message code-dialog__message--error' : undefined}
        role={message?.error ? 'alert' : 'status'}
      >
        {message?.text}
      </p>
      <SchemaForm
        key={formKey}
        formId="phone"
        formData={NEW_PHONE}
        serverErrors={serverErrors}
        submitLabel={t('registration.phones.add')}
        onSubmit={add}
      />
    </Section>
  );
}
