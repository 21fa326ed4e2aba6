// The values of the bank-account form (bank-account-page.tsx): what an existing account starts
// from, the numbers it keeps when left empty, and what is sent.
import {
  BANK_KEPT_FIELDS as KEPT_FIELDS,
  BANK_SECRET_FIELDS,
  BANK_SHOWN_FIELDS as SHOWN_FIELDS,
} from '../../../../core/payout/bank-fields';
import type { BankAccount } from '../../../../core/types/entities/bank-account';
import type { BankAccountForm } from '../../../../core/types/forms/bank-account';
import type { CountryMethod, EditMode, FormData } from '../../../components/schema-form';

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
    Object.entries(data).filter(
      ([key, value]) => !((BANK_SECRET_FIELDS as readonly string[]).includes(key) && !value),
    ),
  ) as Partial<BankAccountForm>;
