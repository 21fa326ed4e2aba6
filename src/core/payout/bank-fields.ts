// A bank account's fields, known to both sides: the server seals and masks the numbers and stores
// the rest as entered; the portal's form starts from the shown fields and leaves kept numbers empty.

/** The payout types that are a bank account (its transfer method). */
export const BANK_TYPES = ['ACH', 'WIRE', 'RTP'] as const;
export type BankType = (typeof BANK_TYPES)[number];

export const isBankType = (type: string): type is BankType =>
  (BANK_TYPES as readonly string[]).includes(type);

/** Stored and answered as entered (with the account's country). */
export const BANK_SHOWN_FIELDS = [
  'nickname',
  'accountType',
  'bic',
  'sortCode',
  'cnapsCode',
  'bsbCode',
  'bankName',
  'bankBranchName',
] as const;

/** The numbers of a form that are sealed at rest and only ever answered masked. */
export const BANK_SECRET_FIELDS = [
  'accountNumber',
  'accountNumberConfirmation',
  'iban',
  'routingNumber',
] as const;

/** The numbers stored (the confirmation repeats the account number): kept when not sent again. */
export const BANK_KEPT_FIELDS = ['accountNumber', 'iban', 'routingNumber'] as const;
