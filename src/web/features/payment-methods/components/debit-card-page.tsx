// /debit-card: adds a debit card (create only; a card is never edited, only deleted).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { DebitCardForm } from '../../../../core/types/forms/debit-card';
import { PageWrapper } from '../../../components/page-wrapper';
import { SchemaForm, type FormData, type ServerFieldError } from '../../../components/schema-form';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';
import { useCreateDebitCardMutation } from '../api/payment-methods-api';
import { readFailure } from './method-helpers';

export default function DebitCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const [createDebitCard] = useCreateDebitCardMutation();
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (data: FormData) => {
    setServerErrors([]);
    setMessage(null);
    try {
      await createDebitCard(data as unknown as DebitCardForm).unwrap();
      navigate('/settings');
    } catch (failure) {
      const { fields, message: text } = readFailure(failure, t);
      setServerErrors(fields);
      setMessage(text);
    }
  };

  return (
    <PageWrapper
      title={t('payoutMethods.debitCard.title')}
      lead={t('payoutMethods.debitCard.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <SchemaForm
        formId="debit-card"
        formData={{ addressCountryCode: 'US' }}
        countries={configuration?.supportedCountries}
        serverErrors={serverErrors}
        submitLabel={t('payoutMethods.debitCard.add')}
        onSubmit={submit}
      />
    </PageWrapper>
  );
}
