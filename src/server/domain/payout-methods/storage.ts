// What is stored of each payout method: only what may be shown (masked numbers, brand, last 4,
// nickname) in `details`; a bank account's full numbers sealed (AES-256-GCM, bound to the row);
// card numbers only in the vault. The accepted claim keeps a snapshot of the masked destination.
import { electronicFormatIBAN } from 'ibantools';
import { BANK_SECRET_FIELDS, BANK_SHOWN_FIELDS } from '../../../core/payout/bank-fields';
import { cardBrandOf } from '../../../core/validation/runtime-card';
import type { Sealer } from '../../services/encryption';
import {
  sealedBinding,
  toPaymentMethodDto,
  type PaymentMethodRow,
} from '../../repositories/payment-methods';

type Form = Record<string, unknown>;

/** "•••• 6789": only the last four characters of a number stay readable. */
export const maskTail = (value: string, visible = 4): string =>
  value.length <= visible ? '•'.repeat(value.length) : `•••• ${value.slice(-visible)}`;

/** "DE89 •••• 3000": country and check digits, then the last four, as banks print them. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}

/**
 * The address a payout form carries in its flat address fields (addressLine1, addressCity, ...),
 * as the Address stored with the method; undefined when the form has none.
 */
export function payoutAddress(form: Form): Record<string, string> | undefined {
  const text = (key: string) =>
    typeof form[key] === 'string' && (form[key] as string).trim() ? (form[key] as string) : '';
  if (!text('addressLine1')) return undefined;
  const address: Record<string, string> = {
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2'),
    city: text('addressCity'),
    state: text('addressState'),
    postalCode: text('addressPostalCode'),
    countryCode: text('addressCountryCode'),
  };
  return Object.fromEntries(Object.entries(address).filter(([, value]) => value));
}

/** What may be shown (masked) goes to details; the full numbers are sealed to the row `methodId`. */
export function bankStorage(
  sealer: Sealer,
  form: Form,
  methodId: string,
): { details: Form; sealed: string } {
  const text = (key: string) =>
    typeof form[key] === 'string' && form[key] !== '' ? (form[key] as string) : undefined;
  const iban = text('iban') ? (electronicFormatIBAN(text('iban')) ?? undefined) : undefined;
  const secrets = {
    accountNumber: text('accountNumber'),
    routingNumber: text('routingNumber'),
    iban,
  };
  const details: Form = {};
  for (const key of ['countryCode', ...BANK_SHOWN_FIELDS]) {
    const value = text(key);
    if (value) details[key] = key === 'bic' ? value.trim().toUpperCase() : value;
  }
  if (secrets.accountNumber) details.accountNumber = maskTail(secrets.accountNumber);
  if (secrets.routingNumber) details.routingNumber = maskTail(secrets.routingNumber);
  if (iban) details.iban = maskIban(iban);
  // The beneficiary's address, as the bank will be given it.
  const address = payoutAddress(form);
  if (address) details.address = address;
  return { details, sealed: sealer.seal(JSON.stringify(secrets), sealedBinding(methodId)) };
}

/**
 * The form of an edited bank account with the numbers the user did not retype filled from the
 * sealed ones (they are never sent back unmasked), while the country stays the same.
 */
export function withKeptNumbers(sealer: Sealer, row: PaymentMethodRow, form: Form): Form {
  if (!row.sealed || form.countryCode !== row.details.countryCode) return form;
  const stored = JSON.parse(sealer.open(row.sealed, sealedBinding(row.id))) as Record<
    string,
    string | undefined
  >;
  const filled = { ...form };
  for (const key of BANK_SECRET_FIELDS) {
    const source = key === 'accountNumberConfirmation' ? 'accountNumber' : key;
    if (filled[key] === undefined && stored[source] !== undefined) filled[key] = stored[source];
  }
  return filled;
}

/** What is shown of a debit card: its brand, last four digits and expiry; the PAN goes to the vault. */
export function debitCardDetails(form: Form): Form {
  const pan = String(form.pan);
  const [month = '', year = ''] = String(form.expiryDate).split('/');
  return {
    brand: cardBrandOf(pan) === 'visa' ? 'VISA' : 'MASTERCARD',
    last4: pan.slice(-4),
    expirationMonth: Number(month),
    expirationYear: 2000 + Number(year),
    address: payoutAddress(form),
  };
}

/** A Zelle token: the email or the phone the form names as the token, and its holder. */
export function zelleDetails(form: Form): Form {
  const { tokenType, email, phone, firstName, lastName } = form as Record<string, string>;
  const address = payoutAddress(form);
  return {
    tokenType,
    token: tokenType === 'ZELLE_PHONE' ? phone : email,
    email,
    phone,
    firstName,
    lastName,
    ...(address ? { address } : {}),
  };
}

/** A changed token (another address or number, or another kind) must be confirmed again. */
export const zelleTokenChanged = (row: PaymentMethodRow, details: Form): boolean =>
  details.token !== row.details.token || details.tokenType !== row.details.tokenType;

/** What a Zelle code is bound to: the method and its token, so a changed token needs a new code. */
export const zelleSubject = (row: PaymentMethodRow): string =>
  `zelle:${row.id}:${String(row.details.token)}`;

/** What the accepted claim records of where it is paid: never a clear number. */
export function destinationOf(method: PaymentMethodRow): Record<string, unknown> {
  const dto = toPaymentMethodDto(method) as unknown as Record<string, Record<string, unknown>>;
  const { type } = dto as unknown as { type: string };
  const details = Object.values(dto).find((v) => v && typeof v === 'object') ?? {};
  const { preferred: _preferred, ...masked } = details;
  return { paymentMethodId: method.id, type, ...masked };
}
