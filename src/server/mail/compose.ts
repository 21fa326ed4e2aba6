// Mail composition in one place: texts from the `mail` block of locales/<lng>/common.json, the
// merchant's name in subject and body, amounts and dates laid out for the recipient's language.
import { interpolate, isLocale, lookup, type Locale } from '../../core/i18n/messages';
import { loadCommon } from '../../core/i18n/load-locales';
import { isBankType } from '../../core/payout/bank-fields';
import type { Merchant } from '../services/merchants';
import { CODE_TTL_MS } from '../services/one-time-codes';
import { brandedHtml } from './html';
import { formatMailDate, formatMailDateTime, formatMoney } from './money';

/** How long a mailed one-time code works, in minutes. */
export const CODE_TTL_MINUTES = CODE_TTL_MS / 60_000;

export interface Invitation {
  amount: string;
  currency: string;
  url: string;
  expiresAt: Date;
  /** The address already has an account: sign in rather than register. */
  existing: boolean;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** Subject and text, with their branded HTML alternative. */
const branded = (
  locale: Locale,
  merchant: Merchant,
  mail: { subject: string; text: string },
): ComposedMail => ({ ...mail, html: brandedHtml(merchant, locale, mail) });

const mailStrings = loadCommon;

const text = (locale: Locale, key: string, values: Record<string, unknown>): string =>
  interpolate(
    lookup(mailStrings(locale), `mail.${key}`) ??
      lookup(mailStrings('en'), `mail.${key}`) ??
      `mail.${key}`,
    values,
  );

/**
 * The recipient's language: the profile's preferred language, else the merchant's default
 * (an invitation to an address without an account has no other signal we can trust).
 */
export function recipientLocale(preferred: unknown, merchant: Merchant): Locale {
  if (isLocale(preferred)) return preferred;
  const fallback: unknown = merchant.configuration.defaultLocale;
  return isLocale(fallback) ? fallback : 'en';
}

export const merchantName = (merchant: Merchant): string =>
  merchant.configuration.branding.merchantName ?? merchant.configuration.branding.portalName;

/** The claim invitation in `locale`. */
export function composeInvitation(
  locale: Locale,
  merchant: Merchant,
  invitation: Invitation,
): ComposedMail {
  const values = {
    merchant: merchantName(merchant),
    amount: formatMoney(invitation.amount, invitation.currency, locale),
    url: invitation.url,
    date: formatMailDate(invitation.expiresAt, locale),
  };
  const body = text(
    locale,
    invitation.existing ? 'invitation.existing' : 'invitation.newcomer',
    values,
  );
  return branded(locale, merchant, {
    subject: text(locale, 'invitation.subject', values),
    text: `${body}\n\n${text(locale, 'invitation.expires', values)}`,
  });
}

export interface ClaimCode {
  amount: string;
  currency: string;
  prefix: string;
  code: string;
  minutes: number;
}

/** The one-time code that accepts a claim, in `locale`. */
export function composeClaimCode(
  locale: Locale,
  merchant: Merchant,
  claimCode: ClaimCode,
): ComposedMail {
  const values = {
    merchant: merchantName(merchant),
    amount: formatMoney(claimCode.amount, claimCode.currency, locale),
    code: `${claimCode.prefix}-${claimCode.code}`,
    minutes: claimCode.minutes,
  };
  return branded(locale, merchant, {
    subject: text(locale, 'claimCode.subject', values),
    text: text(locale, 'claimCode.body', values),
  });
}

/** A one-time code that is not about money: verifying the account or a Zelle token. */
export function composeCode(
  locale: Locale,
  merchant: Merchant,
  kind: 'accountCode' | 'zelleCode',
  code: { prefix: string; code: string; minutes: number; token?: string },
): ComposedMail {
  const values = {
    merchant: merchantName(merchant),
    portal: merchant.configuration.branding.portalName,
    code: `${code.prefix}-${code.code}`,
    prefix: code.prefix,
    minutes: code.minutes,
    token: code.token ?? '',
  };
  return branded(locale, merchant, {
    subject: text(locale, `${kind}.subject`, values),
    text: text(locale, `${kind}.body`, values),
  });
}

/** The request a minor sends their guardian, in the guardian's language. */
export function composeGuardianRequest(
  locale: Locale,
  merchant: Merchant,
  request: { firstName: string; minorName: string; relationship: string; url: string },
): ComposedMail {
  const values = {
    merchant: merchantName(merchant),
    firstName: request.firstName,
    minor: request.minorName,
    relationship: text(locale, `guardianRequest.relationships.${request.relationship}`, {}),
    url: request.url,
  };
  return branded(locale, merchant, {
    subject: text(locale, 'guardianRequest.subject', values),
    text: text(locale, 'guardianRequest.body', values),
  });
}

/** The sign-in mails of an account (texts under mail.<kind>, the portal's name in them). */
function accountMail(
  locale: Locale,
  merchant: Merchant,
  kind: 'unlockCode' | 'passwordReset' | 'passwordChanged',
  values: Record<string, unknown>,
): ComposedMail {
  const all = { portalName: merchant.configuration.branding.portalName, ...values };
  return branded(locale, merchant, {
    subject: text(locale, `${kind}.subject`, all),
    text: text(locale, `${kind}.body`, all),
  });
}

/** The code that unlocks a hard-locked sign-in, with the link to the portal's unlock page. */
export const composeUnlockCode = (
  locale: Locale,
  merchant: Merchant,
  unlock: { prefix: string; code: string; link: string },
): ComposedMail => accountMail(locale, merchant, 'unlockCode', unlock);

/** A password reset link, valid `minutes`. */
export const composePasswordReset = (
  locale: Locale,
  merchant: Merchant,
  reset: { link: string; minutes: number },
): ComposedMail => accountMail(locale, merchant, 'passwordReset', reset);

/** "Your password was changed", with the way to take the account back (a new reset link). */
export const composePasswordChanged = (
  locale: Locale,
  merchant: Merchant,
  notice: { link: string },
): ComposedMail => accountMail(locale, merchant, 'passwordChanged', notice);

export type PayoutMethodChange = 'added' | 'changed' | 'removed' | 'preferred';

/**
 * The notice of a change of payout methods, to the account's email: what changed, on which
 * account and when (written for the language, in UTC), so a stolen session cannot redirect money
 * silently. Bank accounts of every transfer method are named alike.
 */
export function composePayoutMethodChange(
  locale: Locale,
  merchant: Merchant,
  notice: { change: PayoutMethodChange; methodType: string; email: string; at: Date },
): ComposedMail {
  const typeKey = isBankType(notice.methodType) ? 'bank' : notice.methodType;
  const type = lookup(mailStrings(locale), `mail.payoutMethodChange.types.${typeKey}`);
  const values = {
    merchant: merchantName(merchant),
    type: type ?? notice.methodType,
    what: text(locale, `payoutMethodChange.what.${notice.change}`, {}),
    email: notice.email,
    when: formatMailDateTime(notice.at, locale),
  };
  return branded(locale, merchant, {
    subject: text(locale, 'payoutMethodChange.subject', values),
    text: text(locale, 'payoutMethodChange.body', values),
  });
}
