// /bank-account (create) and /bank-account/:id (edit): the country and transfer method are chosen
// above the generated bank-account form. Editing prefills what the API shows; the account numbers
// come masked, so their fields start empty and an empty field keeps the stored number.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { BankAccount } from '../../../../core/types/entities/bank-account';
import type { BankAccountForm } from '../../../../core/types/forms/bank-account';
import { PageWrapper } from '../../../components/page-wrapper';
import {
  CountryVariantForm,
  type FormData,
  type ServerFieldError,
} from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';
import { useGetProfileQuery } from '../../profile/api/profile-api';
import {
  useCreateBankAccountMutation,
  useGetPaymentMethodsQuery,
  useUpdateBankAccountMutation,
} from '../api/payment-methods-api';
import { isBank, readFailure } from './method-helpers';

const SHOWN_FIELDS = [
  'nickname',
  'accountType',
  'bic',
  'sortCode',
  'cnapsCode',
  'bsbCode',
  'bankName',
  'bankBranchName',
] as const;
const SECRET_FIELDS = ['accountNumber', 'accountNumberConfirmation', 'iban', 'routingNumber'];

/** The form values an existing account starts from: everything but the masked numbers. */
export function editableValues(account: BankAccount): FormData {
  const values: FormData = {
    countryCode: account.countryCode,
    transferMethod: account.transferMethod,
  };
  for (const key of SHOWN_FIELDS) if (account[key] !== undefined) values[key] = account[key];
  return values;
}

export default function BankAccountPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data: profile } = useGetProfileQuery();
  const methods = useGetPaymentMethodsQuery(undefined, { skip: !id });
  const [createBankAccount] = useCreateBankAccountMutation();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const countries = configuration?.supportedCountries;
  const existing = id
    ? methods.data?.filter(isBank).find((m) => m.bankAccount.id === id)?.bankAccount
    : undefined;
  const title = id
    ? t('payoutMethods.bankAccount.editTitle')
    : t('payoutMethods.bankAccount.createTitle');

  const residency = profile?.person?.residency ?? profile?.company?.residency;
  const defaultCountry =
    residency && countries?.includes(residency as never) ? residency : (countries?.[0] ?? 'US');

  const submit = async (data: FormData) => {
    setServerErrors([]);
    setMessage(null);
    try {
      if (id) {
        const body = Object.fromEntries(
          Object.entries(data).filter(([key, value]) => !(SECRET_FIELDS.includes(key) && !value)),
        ) as Partial<BankAccountForm>;
        await updateBankAccount({ id, body }).unwrap();
      } else {
        await createBankAccount(data as unknown as BankAccountForm).unwrap();
      }
      navigate('/settings');
    } catch (failure) {
      const { fields, message: text } = readFailure(failure, t);
      setServerErrors(fields);
      setMessage(text);
    }
  };

  const loading = !configuration || (id && methods.isLoading);
  return (
    <PageWrapper
      title={title}
      lead={t('payoutMethods.bankAccount.lead')}
      width="tile"
      before={<Link to="/settings">{t('payoutMethods.back')}</Link>}
    >
      {loading ? (
        <Spinner />
      ) : id && !existing ? (
        <p role="alert">{t('payoutMethods.errors.notFound')}</p>
      ) : (
        <>
          {existing ? <p className="form-hint">{t('payoutMethods.bankAccount.keepHint')}</p> : null}
          {message ? (
            <p className="form-error" role="alert">
              {message}
            </p>
          ) : null}
          <CountryVariantForm
            formId="bank-account"
            initialCountry={existing?.countryCode ?? defaultCountry}
            initialMethod={existing?.transferMethod}
            initialData={existing ? editableValues(existing) : undefined}
            countries={countries}
            serverErrors={serverErrors}
            submitLabel={
              id ? t('payoutMethods.bankAccount.save') : t('payoutMethods.bankAccount.add')
            }
            onSubmit={submit}
          />
        </>
      )}
    </PageWrapper>
  );
}
