// What a resident may add and what each method can receive: country rule data, narrowed by the
// merchant's configuration, so the API allows exactly what the portal offers; and how many of a
// type one user may hold.
import type { Database } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import type { FormValidator } from '../../../core/validation/form-validator';
import type { Configuration } from '../../../core/types/entities/configuration';
import type { PaymentMethodType } from '../../../core/types/entities/payment-method-type';
import type { OtherPayoutType, TransferMethod } from '../../../core/schemas/country-rules';
import { BANK_TYPES, isBankType } from '../../../core/payout/bank-fields';
import type { ProfileRow } from '../../repositories/profiles';
import { renderErrors } from '../../services/forms';
import {
  addressCountryOf,
  countPaymentMethods,
  type PaymentMethodRow,
} from '../../repositories/payment-methods';

/** Types one user may hold at most once; bank accounts and debit cards are unlimited. */
export const MAX_COUNT: Record<PaymentMethodType, number | null> = {
  ACH: null,
  WIRE: null,
  RTP: null,
  DEBIT_CARD: null,
  Paypal: 1,
  ZELLE: 1,
  PHYSICAL_CHECK: 1,
};
export const PAYOUT_TYPES = Object.keys(MAX_COUNT) as PaymentMethodType[];

/** How the refusal names one method of a type limited to one. */
const ONE_OF: Partial<Record<PaymentMethodType, string>> = {
  Paypal: 'PayPal account',
  ZELLE: 'Zelle token',
  PHYSICAL_CHECK: 'paper check',
};

/** Refuses (409 MaxCountReached) a method of a type the user already holds as many as allowed. */
export async function assertBelowMax(
  tx: Database,
  profileId: string,
  type: PaymentMethodType,
): Promise<void> {
  const max = MAX_COUNT[type];
  if (max != null && (await countPaymentMethods(tx, profileId, type)) >= max) {
    const label = ONE_OF[type] ?? type;
    throw conflict(`MaxCountReached: you can have one ${label}; remove the current one first`);
  }
}

/** The country whose rules govern a profile's payout methods: its residency, else its address. */
export async function residencyOf(db: Database, profile: ProfileRow): Promise<string | undefined> {
  const fromProfile = (profile.person?.residency ?? profile.company?.residency) as
    string | undefined;
  if (fromProfile) return fromProfile;
  return addressCountryOf(db, profile.id);
}

/**
 * The payout types a resident of `residency` may add: the bank transfer methods and other types
 * of the country rules, narrowed by the merchant's `payoutTypes`; none where the merchant does not
 * serve the country.
 */
export function offeredPayoutTypes(
  rules: FormValidator,
  merchant: Configuration | undefined,
  residency: string,
): PaymentMethodType[] {
  if (merchant && !merchant.supportedCountries.includes(residency as never)) return [];
  const transfer = rules.transferMethods(residency);
  const offered: PaymentMethodType[] = [
    ...BANK_TYPES.filter((type) => transfer.includes(type)),
    ...rules.payoutTypes(residency),
  ];
  const narrowed = merchant?.payoutTypes;
  return narrowed ? offered.filter((type) => narrowed.includes(type)) : offered;
}

const residencyRequired = () =>
  badRequest('ResidencyRequired: Residency is required; complete the profile first');

/** Refuses a type that `offeredPayoutTypes` does not list (409 PaymentTypeNotOffered). */
export function assertOffered(
  rules: FormValidator,
  merchant: Configuration | undefined,
  residency: string | undefined,
  type: PaymentMethodType,
): void {
  if (!residency) throw residencyRequired();
  if (!offeredPayoutTypes(rules, merchant, residency).includes(type))
    throw conflict(`PaymentTypeNotOffered: ${type} is not offered to residents of ${residency}`);
}

/**
 * The types the profile may still add (offered, and below their limit), with how many it holds;
 * `held` lists the types of the methods it has.
 */
export function availableTypes(
  rules: FormValidator,
  merchant: Configuration | undefined,
  residency: string | undefined,
  held: readonly string[],
) {
  if (!residency) throw residencyRequired();
  const data = offeredPayoutTypes(rules, merchant, residency)
    .map((type) => ({
      type,
      maxCount: MAX_COUNT[type] ?? null,
      count: held.filter((t) => t === type).length,
    }))
    .filter((t) => t.maxCount === null || t.count < t.maxCount);
  return { data, residency };
}

/**
 * Refuses (400 on /transferMethod, in the form's words) a bank account whose transfer method the
 * published rules now in use (`rules`) do not offer in its country. Whatever rules version the form
 * started with: a version within its grace period still decides the fields' formats, but never
 * brings back a method compliance staff have taken away (or a country's file never had).
 */
export function assertTransferMethodOffered(
  rules: FormValidator,
  form: Record<string, unknown>,
): void {
  const country = form.countryCode;
  // A missing or malformed country is the form's own validation's to name.
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return;
  const offered = rules.transferMethods(country);
  const [first] = offered;
  if (!first || offered.includes(form.transferMethod as TransferMethod)) return;
  const schema = rules.compose('bank-account', { country, method: first }).schema;
  const errors = renderErrors(
    [
      {
        path: '/transferMethod',
        keyword: 'enum',
        messageKey: 'enum',
        params: { allowedValues: [...offered] },
      },
    ],
    schema,
  );
  throw badRequest(
    `ValidationError: ${errors[0]?.message ?? 'transfer method not offered'}`,
    errors,
  );
}

/**
 * A bank account's transfer method and country, as the merchant pays to: the account's country
 * says which transfer methods exist (the form's rules); the merchant may pay to fewer.
 */
export function assertBankOffered(
  merchant: Configuration | undefined,
  form: Record<string, unknown>,
): void {
  const country = String(form.countryCode);
  const method = String(form.transferMethod) as PaymentMethodType;
  const narrowed = merchant?.payoutTypes;
  if (narrowed && !narrowed.includes(method))
    throw conflict(`PaymentTypeNotOffered: ${method} bank accounts are not offered here`);
  if (merchant && !merchant.supportedCountries.includes(country)) {
    throw badRequest(`ValidationError: bank accounts in ${country} are not supported here`, [
      {
        path: '/countryCode',
        keyword: 'enum',
        messageKey: 'enum',
        params: { allowedValues: merchant.supportedCountries },
        message: 'Choose one of the listed options for Country.',
      },
    ]);
  }
}

/**
 * The currencies a payout method can receive: the country rules' `currencies` for a bank account's
 * country and transfer method, or for the type in the resident's country, that the rate table
 * quotes.
 */
export function receivableCurrencies(
  rules: FormValidator,
  quoted: readonly string[],
  method: PaymentMethodRow,
  residency: string | undefined,
): string[] {
  const country = isBankType(method.type)
    ? (method.details.countryCode as string | undefined)
    : residency;
  if (!country) return [];
  const listed = rules.currencies(country, method.type as TransferMethod | OtherPayoutType);
  return listed.filter((code) => quoted.includes(code));
}

/** Refuses a currency the method cannot receive, naming the ones it can (400 on targetCurrency). */
export function assertReceivable(receivable: readonly string[], currency: string): void {
  if (receivable.includes(currency)) return;
  throw badRequest(
    `CurrencyNotReceivable: this payout method receives ${receivable.join(', ') || 'no quoted currency'}, not ${currency}`,
    [
      {
        path: '/targetCurrency',
        keyword: 'enum',
        messageKey: 'currency.notReceivable',
        params: { allowedValues: [...receivable] },
        message: `This payout method receives ${receivable.join(', ')}; choose one of them.`,
      },
    ],
  );
}
