// /bank-account (create) and /bank-account/:id (edit): the country and transfer method are chosen
// above the generated bank-account form. Editing prefills what the API shows; the account numbers
// come masked, so their fields start empty and an empty field keeps the stored number (the server
// keeps it while the country stays the same): the form's edit mode lets them stay empty.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { BankAccount } from '../../../../core/types/entities/bank-account';
import type { BankAccountForm } from '../../../../core/types/forms/bank-account';
import { PageWrapper } from '../../../components/page-wrapper';
import {
  CountryVariantForm,
  type CountryMethod,
  type EditMode,
  type FormData,
} from '../../../components/schema-form';
import { Spinner } from '../../../components/spinner';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';
import { useGetProfileQuery } from '../../profile/api/profile-api';
import {
  useCreateBankAccountMutation,
  useGetPaymentMethodsQuery,
  useUpdateBankAccountMutation,
} from '../api/payment-methods-api';
import { isBank, useMethodFailure } from './method-helpers';

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
/** The numbers the API shows masked; the server keeps the stored one when it is not sent. */
const KEPT_FIELDS = ['accountNumber', 'iban', 'routingNumber'] as const;

/** The form values an existing account starts from: everything but the masked numbers. */
export function editableValues(account: BankAccount): FormData {
  const values: FormData = {
    countryCode: account.countryCode,
    transferMethod: account.transferMethod,
  };
  for (const key of SHOWN_FIELDS) if (account[key] !== undefined) values[key] = account[key];
  return values;
}

/** Edit mode of an account: its stored numbers may stay empty while the country is its own. */
export function keptNumbers(
  account: BankAccount,
  variant: CountryMethod,
  note: (masked: string) => string,
): EditMode | undefined {
  if (variant.country !== account.countryCode) return undefined;
  const kept = KEPT_FIELDS.filter((key) => account[key]);
  if (!kept.length) return undefined;
  return {
    optionalFields: kept,
    notes: Object.fromEntries(kept.map((key) => [key, note(account[key] ?? '')])),
  };
}

/** The PUT body: the numbers left empty are not sent, so the stored ones are kept. */
export const withoutEmptySecrets = (data: FormData): Partial<BankAccountForm> =>
  Object.fromEntries(
    Object.entries(data).filter(([key, value]) => !(SECRET_FIELDS.includes(key) && !value)),
  ) as Partial<BankAccountForm>;

export default function BankAccountPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: configuration } = useGetConfigurationQuery();
  const { data: profile } = useGetProfileQuery();
  const methods = useGetPaymentMethodsQuery(undefined, { skip: !id });
  const [createBankAccount] = useCreateBankAccountMutation();
  const [updateBankAccount] = useUpdateBankAccountMutation();
  const failure = useMethodFailure();

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

  const editMode = useCallback(
    (variant: CountryMethod) =>
      existing
        ? keptNumbers(existing, variant, (masked) =>
            t('payoutMethods.bankAccount.keepNumber', { value: masked }),
          )
        : undefined,
    [existing, t],
  );

  const submit = async (data: FormData) => {
    failure.clear();
    try {
      if (id) await updateBankAccount({ id, body: withoutEmptySecrets(data) }).unwrap();
      else await createBankAccount(data as unknown as BankAccountForm).unwrap();
      navigate('/settings');
    } catch (error) {
      failure.fail(error);
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
          {failure.message ? (
            <p className="form-error" role="alert">
              {failure.message}
            </p>
          ) : null}
          <CountryVariantForm
            formId="bank-account"
            initialCountry={existing?.countryCode ?? defaultCountry}
            initialMethod={existing?.transferMethod}
            initialData={existing ? editableValues(existing) : undefined}
            countries={countries}
            serverErrors={failure.serverErrors}
            editMode={existing ? editMode : undefined}
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
