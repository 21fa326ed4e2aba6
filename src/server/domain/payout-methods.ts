// Rules about payout methods that protect where the money goes:
// - a method that a claim in progress (accepted, not yet paid) points to is frozen: no edit, no
//   delete, so what is paid is what the user confirmed;
// - the accepted claim keeps a snapshot of its destination (type and masked details only);
// - every change of payout methods is announced by mail to the account's email, in its language,
//   so a stolen session cannot redirect money silently;
// - what a resident may add and what each method can receive are country rule data, narrowed by
//   the merchant's configuration: the API allows exactly what the portal offers.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { addresses, claims, paymentMethods, profiles } from '../db/schema';
import { badRequest, conflict } from '../errors';
import type { FormValidator } from '../../core/validation/form-validator';
import type { Configuration } from '../../core/types/entities/configuration';
import type { PaymentMethodType } from '../../core/types/entities/payment-method-type';
import type { OtherPayoutType, TransferMethod } from '../../core/schemas/country-rules';
import type { ProfileRow } from '../repositories/profiles';
import type { Mailer } from '../services/mailer';
import type { MerchantDirectory } from '../services/merchants';
import { brandedHtml } from '../mail/html';
import { merchantName, recipientLocale } from '../mail/compose';
import {
  BANK_TYPES,
  isBankType,
  toPaymentMethodDto,
  type PaymentMethodRow,
} from '../repositories/payment-methods';

// ---- what a resident may add, what a method can receive -----------------------------------

/** The country whose rules govern a profile's payout methods: its residency, else its address. */
export async function residencyOf(db: Database, profile: ProfileRow): Promise<string | undefined> {
  const fromProfile = (profile.person?.residency ?? profile.company?.residency) as
    string | undefined;
  if (fromProfile) return fromProfile;
  const [address] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.profileId, profile.id))
    .limit(1);
  return address?.fields.countryCode;
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

/** Refuses a type that `offeredPayoutTypes` does not list (409 PaymentTypeNotOffered). */
export function assertOffered(
  rules: FormValidator,
  merchant: Configuration | undefined,
  residency: string | undefined,
  type: PaymentMethodType,
): void {
  if (!residency)
    throw badRequest('ResidencyRequired: Residency is required; complete the profile first');
  if (!offeredPayoutTypes(rules, merchant, residency).includes(type))
    throw conflict(`PaymentTypeNotOffered: ${type} is not offered to residents of ${residency}`);
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

/**
 * The address a payout form carries in its flat address fields (addressLine1, addressCity, ...),
 * as the Address stored with the method; undefined when the form has none.
 */
export function payoutAddress(form: Record<string, unknown>): Record<string, string> | undefined {
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

/** Claim statuses in which the chosen payout method must not change. */
export const PAYMENT_PENDING_STATUSES = ['PAYMENT_IN_PROGRESS'] as const;

export const methodLocked = () =>
  conflict(
    'PaymentMethodLocked: a payment in progress goes to this payout method; it can be changed once the payment is made',
  );

/** Ids among `methodIds` that a claim in progress points to. */
export async function lockedMethodIds(db: Database, methodIds: string[]): Promise<Set<string>> {
  if (!methodIds.length) return new Set();
  const rows = await db
    .select({ id: claims.paymentMethodId })
    .from(claims)
    .where(
      and(
        inArray(claims.paymentMethodId, methodIds),
        inArray(claims.status, [...PAYMENT_PENDING_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

/** A payout method as the list shows it: frozen or not, with its owner's residency. */
export interface DisplayedMethod {
  row: PaymentMethodRow;
  lockedByClaim: boolean;
}

// Kept as fragments of their own: drizzle unqualifies the columns at the top level of a selected
// expression in a one-table query, which would bind them to the subquery's own table.
/** As lockedMethodIds: a claim whose payment is in progress points to the method. */
const lockedByClaim = sql`exists (select 1 from ${claims} where ${claims.paymentMethodId} = ${paymentMethods.id} and ${inArray(claims.status, [...PAYMENT_PENDING_STATUSES])})`;
/** As residencyOf: the owner's residency (person, else company), else their first address. */
const ownerResidency = sql`(select coalesce(nullif(coalesce(${profiles.person} ->> 'residency', ${profiles.company} ->> 'residency'), ''), (select ${addresses.fields} ->> 'countryCode' from ${addresses} where ${addresses.profileId} = ${profiles.id} limit 1)) from ${profiles} where ${profiles.id} = ${paymentMethods.profileId})`;

const displayColumns = {
  method: paymentMethods,
  locked: sql<boolean>`${lockedByClaim}`,
  residency: sql<string | null>`${ownerResidency}`,
};
const prepareDisplayAll = (db: Database) =>
  db
    .select(displayColumns)
    .from(paymentMethods)
    .where(eq(paymentMethods.profileId, sql.placeholder('profileId')))
    .orderBy(paymentMethods.createdAt)
    .prepare('payout_methods_display');
const prepareDisplayOne = (db: Database) =>
  db
    .select(displayColumns)
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.profileId, sql.placeholder('profileId')),
        eq(paymentMethods.id, sql.placeholder('id')),
      ),
    )
    .prepare('payout_method_display');
// Each built when first used: a write answers from its own transaction (a new handle each
// time), which needs only the one-method query.
const displayAll = preparedPerHandle(prepareDisplayAll);
const displayOne = preparedPerHandle(prepareDisplayOne);

/**
 * A profile's payout methods in the order they were added (or only the one `onlyId` names), each
 * marked when frozen, with the residency their currencies depend on: one query for what took three.
 */
export async function displayedMethods(
  db: Database,
  profileId: string,
  onlyId?: string,
): Promise<{ methods: DisplayedMethod[]; residency: string | undefined }> {
  const found =
    onlyId === undefined
      ? await displayAll(db).execute({ profileId })
      : await displayOne(db).execute({ profileId, id: onlyId });
  return {
    methods: found.map((f) => ({ row: f.method, lockedByClaim: Boolean(f.locked) })),
    residency: found[0]?.residency ?? undefined,
  };
}

/**
 * Refuses to change a method a payment in progress goes to. Call it in the transaction that holds
 * the method's row lock: accepting a claim locks the same row, so the two cannot interleave.
 */
export async function assertNotLockedByClaim(tx: Database, methodId: string): Promise<void> {
  // The row lock orders this change after (or before) a concurrent acceptance of the method.
  await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.id, methodId))
    .for('update');
  if ((await lockedMethodIds(tx, [methodId])).size) throw methodLocked();
}

/** What the accepted claim records of where it is paid: never a clear number. */
export function destinationOf(method: PaymentMethodRow): Record<string, unknown> {
  const dto = toPaymentMethodDto(method) as unknown as Record<string, Record<string, unknown>>;
  const { type } = dto as unknown as { type: string };
  const details = Object.values(dto).find((v) => v && typeof v === 'object') ?? {};
  const { preferred: _preferred, ...masked } = details;
  return { paymentMethodId: method.id, type, ...masked };
}

export type PayoutMethodChange = 'added' | 'changed' | 'removed' | 'preferred';

type Locale = 'en' | 'es' | 'fr' | 'pt' | 'de';

const TYPE_NAMES: Record<Locale, Record<string, string>> = {
  en: {
    bank: 'bank account',
    DEBIT_CARD: 'debit card',
    Paypal: 'PayPal',
    ZELLE: 'Zelle',
    PHYSICAL_CHECK: 'paper check',
  },
  es: {
    bank: 'cuenta bancaria',
    DEBIT_CARD: 'tarjeta de débito',
    Paypal: 'PayPal',
    ZELLE: 'Zelle',
    PHYSICAL_CHECK: 'cheque en papel',
  },
  fr: {
    bank: 'compte bancaire',
    DEBIT_CARD: 'carte de débit',
    Paypal: 'PayPal',
    ZELLE: 'Zelle',
    PHYSICAL_CHECK: 'chèque papier',
  },
  pt: {
    bank: 'conta bancária',
    DEBIT_CARD: 'cartão de débito',
    Paypal: 'PayPal',
    ZELLE: 'Zelle',
    PHYSICAL_CHECK: 'cheque em papel',
  },
  de: {
    bank: 'Bankkonto',
    DEBIT_CARD: 'Debitkarte',
    Paypal: 'PayPal',
    ZELLE: 'Zelle',
    PHYSICAL_CHECK: 'Papierscheck',
  },
};

const NOTICES: Record<
  Locale,
  { subject: string; what: Record<PayoutMethodChange, string>; body: string }
> = {
  en: {
    subject: 'A payout method was changed on your account',
    what: {
      added: 'added',
      changed: 'changed',
      removed: 'removed',
      preferred: 'made your preferred payout method',
    },
    body: 'A {{type}} was {{what}} on your account ({{email}}) on {{when}} UTC. If this was you, there is nothing to do. If this wasn’t you, sign in and check your payout methods, change your password, and contact support right away.',
  },
  es: {
    subject: 'Se modificó un método de cobro de su cuenta',
    what: {
      added: 'añadida',
      changed: 'modificada',
      removed: 'eliminada',
      preferred: 'marcada como su método de cobro preferido',
    },
    body: 'Una {{type}} fue {{what}} en su cuenta ({{email}}) el {{when}} UTC. Si fue usted, no tiene que hacer nada. Si no fue usted, inicie sesión, revise sus métodos de cobro, cambie su contraseña y contacte con soporte de inmediato.',
  },
  fr: {
    subject: 'Un moyen de paiement a été modifié sur votre compte',
    what: {
      added: 'ajouté',
      changed: 'modifié',
      removed: 'supprimé',
      preferred: 'défini comme moyen de paiement préféré',
    },
    body: 'Un {{type}} a été {{what}} sur votre compte ({{email}}) le {{when}} UTC. Si c’était vous, vous n’avez rien à faire. Si ce n’était pas vous, connectez-vous, vérifiez vos moyens de paiement, changez votre mot de passe et contactez le support immédiatement.',
  },
  pt: {
    subject: 'Um método de recebimento foi alterado na sua conta',
    what: {
      added: 'adicionado',
      changed: 'alterado',
      removed: 'removido',
      preferred: 'definido como seu método de recebimento preferido',
    },
    body: 'Um(a) {{type}} foi {{what}} na sua conta ({{email}}) em {{when}} UTC. Se foi você, não precisa fazer nada. Se não foi você, entre na sua conta, confira seus métodos de recebimento, altere sua senha e fale com o suporte imediatamente.',
  },
  de: {
    subject: 'Eine Auszahlungsmethode Ihres Kontos wurde geändert',
    what: {
      added: 'hinzugefügt',
      changed: 'geändert',
      removed: 'entfernt',
      preferred: 'als bevorzugte Auszahlungsmethode festgelegt',
    },
    body: 'Ein(e) {{type}} wurde in Ihrem Konto ({{email}}) am {{when}} UTC {{what}}. Wenn Sie das waren, ist nichts zu tun. Wenn nicht, melden Sie sich an, prüfen Sie Ihre Auszahlungsmethoden, ändern Sie Ihr Passwort und wenden Sie sich sofort an den Support.',
  },
};

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * Queues the change notice in the transaction of the change (sent once it commits), in the
 * account's language, naming the merchant, with the time written for that language and the
 * branded HTML alternative.
 */
// Built once per language: constructing an Intl formatter costs far more than using one.
const noticeDateFormats = new Map<Locale, Intl.DateTimeFormat>();
function noticeDateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = noticeDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    noticeDateFormats.set(locale, format);
  }
  return format;
}

export async function notifyPayoutMethodChange(
  tx: Database,
  mailer: Mailer,
  merchants: Pick<MerchantDirectory, 'byId' | 'forHost'>,
  profileId: string,
  change: PayoutMethodChange,
  methodType: string,
): Promise<void> {
  const [profile] = await tx
    .select({
      email: profiles.email,
      language: profiles.preferredLanguage,
      merchantId: profiles.merchantId,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) return;
  const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(undefined);
  // The person's stored language, else the merchant's default (as every other mail).
  const locale: Locale = recipientLocale(profile.language, merchant);
  const notice = NOTICES[locale];
  const names = TYPE_NAMES[locale];
  const type =
    names[['ACH', 'WIRE', 'RTP'].includes(methodType) ? 'bank' : methodType] ?? methodType;
  const when = noticeDateFormat(locale).format(new Date());
  const mail = {
    subject: `${merchantName(merchant)}: ${notice.subject}`,
    text: fill(notice.body, { type, what: notice.what[change], email: profile.email, when }),
  };
  await mailer.enqueue(tx, {
    to: profile.email,
    ...mail,
    html: brandedHtml(merchant, locale, mail),
  });
}
