// /debit-card: adds a debit card (create only; a card is never edited, only deleted). Its billing
// address is the profile's unless the user unticks "Same address as my profile".
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { DebitCardForm } from '../../../../core/types/forms/debit-card';
import { PageWrapper } from '../../../components/page-wrapper';
import { SchemaForm, type FormData } from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { useCreateDebitCardMutation } from '../../../api/payment-method-forms-api';
import { useMethodFailure } from './use-method-failure';
import { PAYOUT_ADDRESS_FIELDS, usePaymentAddress } from './payment-address';

// The cards offered are US debit cards: the billing country starts as the US.
const START: FormData = { addressCountryCode: 'US' };

export default function DebitCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const [createDebitCard] = useCreateDebitCardMutation();
  const failure = useMethodFailure();
  const address = usePaymentAddress(PAYOUT_ADDRESS_FIELDS, START);

  const submit = async (data: FormData) => {
    failure.clear();
    try {
      await createDebitCard(address.complete(data) as unknown as DebitCardForm).unwrap();
      navigate('/settings');
    } catch (error) {
      address.reveal(failure.fail(error).fields);
    }
  };

  return (
    <PageWrapper
      title={t('payoutMethods.debitCard.title')}
      lead={t('payoutMethods.debitCard.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {failure.message ? (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {address.ready ? (
        <SchemaForm
          formId="debit-card"
          formData={address.formData}
          onChange={address.onChange}
          uiSchema={address.uiSchema}
          countries={configuration?.supportedCountries}
          serverErrors={failure.serverErrors}
          submitLabel={t('payoutMethods.debitCard.add')}
          onSubmit={submit}
        />
      ) : (
        <Spinner />
      )}
    </PageWrapper>
  );
}
