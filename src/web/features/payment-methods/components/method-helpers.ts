// Shared pieces of the payout method screens: the API's error answers read as a field list and a
// translated message, the screen each type is added on, and a method's id and display name. No
// React here: /settings loads it (the failure state of a method page is use-method-failure.ts).
import type { TFunction } from 'i18next';
import type { PaymentMethod } from '../../../../core/types/entities/payment-method';
import type { ServerFieldError } from '../../../components/schema-form';

/** Where a type is added. */
export const ADD_PATHS: Record<string, string> = {
  ACH: '/bank-account',
  WIRE: '/bank-account',
  RTP: '/bank-account',
  DEBIT_CARD: '/debit-card',
  Paypal: '/paypal',
  ZELLE: '/zelle',
  PHYSICAL_CHECK: '/physical-check',
};

const KNOWN_ERRORS = [
  'ProfileOnHold',
  'ProfileNotActivated',
  'MaxCountReached',
  'AddressRequired',
  'PaypalAuthorizationFailed',
  'PaymentMethodLocked',
  'PaymentTypeNotOffered',
] as const;

export interface ApiFailure {
  fields: ServerFieldError[];
  /** The failure as a sentence in the current language; null when the fields say it all. */
  message: string | null;
}

/** An RTK Query failure as field errors and a translated message. */
export function readFailure(error: unknown, t: TFunction): ApiFailure {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? ((error as { data?: unknown }).data as
          { message?: unknown; errors?: ServerFieldError[] } | undefined)
      : undefined;
  const status = (error as { status?: unknown } | undefined)?.status;
  const text = typeof data?.message === 'string' ? data.message : '';
  const fields = Array.isArray(data?.errors) ? data.errors : [];
  const known = KNOWN_ERRORS.find((name) => text.startsWith(name));
  if (known) return { fields, message: t(`payoutMethods.errors.${known}`) };
  if (fields.length) return { fields, message: null };
  if (status === 404) return { fields, message: t('payoutMethods.errors.notFound') };
  return { fields, message: t('payoutMethods.errors.generic') };
}

/** A bank account (ACH, WIRE or RTP): the method whose details are a `bankAccount`. */
export const isBank = (
  method: PaymentMethod,
): method is Extract<PaymentMethod, { type: 'ACH' | 'WIRE' | 'RTP' }> => 'bankAccount' in method;

/** The method's own object (bankAccount, debitCard, ...). */
export function detailsOf(method: PaymentMethod) {
  switch (method.type) {
    case 'DEBIT_CARD':
      return method.debitCard;
    case 'Paypal':
      return method.paypal;
    case 'ZELLE':
      return method.zelle;
    case 'PHYSICAL_CHECK':
      return method.physicalCheck;
    default:
      return method.bankAccount;
  }
}

export const methodId = (method: PaymentMethod): string | undefined => detailsOf(method).id;
export const isPreferred = (method: PaymentMethod): boolean => detailsOf(method).preferred === true;
export const awaitsCode = (method: PaymentMethod): boolean =>
  method.type === 'ZELLE' && method.zelle.status === 'AWAITS_OTP';

/** The name a method is known by in the list and the delete dialog. */
export function methodName(method: PaymentMethod, t: TFunction): string {
  if (isBank(method)) return method.bankAccount.nickname;
  return t(`payoutMethods.types.${method.type}`);
}
