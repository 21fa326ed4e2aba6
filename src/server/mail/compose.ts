// Mail composition in one place: texts from the `mail` block of locales/<lng>/common.json, the
// merchant's name in subject and body, amounts and dates laid out for the recipient's language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  interpolate,
  LOCALES,
  lookup,
  type Locale,
  type MessageTree,
} from '../../core/i18n/messages';
import { REPO_ROOT } from '../../core/schemas/catalog';
import type { Merchant } from '../services/merchants';
import { formatMailDate, formatMoney } from './money';

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
}

const cache = new Map<Locale, MessageTree>();

function mailStrings(locale: Locale): MessageTree {
  let tree = cache.get(locale);
  if (!tree) {
    tree = JSON.parse(
      readFileSync(join(REPO_ROOT, 'locales', locale, 'common.json'), 'utf8'),
    ) as MessageTree;
    cache.set(locale, tree);
  }
  return tree;
}

const text = (locale: Locale, key: string, values: Record<string, unknown>): string =>
  interpolate(
    lookup(mailStrings(locale), `mail.${key}`) ??
      lookup(mailStrings('en'), `mail.${key}`) ??
      `mail.${key}`,
    values,
  );

export const isLocale = (value: unknown): value is Locale =>
  (LOCALES as readonly unknown[]).includes(value);

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
  return {
    subject: text(locale, 'invitation.subject', values),
    text: `${body}\n\n${text(locale, 'invitation.expires', values)}`,
  };
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
  return {
    subject: text(locale, 'claimCode.subject', values),
    text: text(locale, 'claimCode.body', values),
  };
}
