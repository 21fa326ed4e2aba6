// The values of the bank-account form (bank-account-page.tsx): what an existing account starts
// from, the numbers it keeps when left empty, and what is sent.
import type { BankAccount } from '../../../../core/types/entities/bank-account';
import type { BankAccountForm } from '../../../../core/types/forms/bank-account';
import type { CountryMethod, EditMode, FormData } from '../../../components/schema-form';

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
