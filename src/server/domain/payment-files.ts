// Payment files a bank executes (issue 31 point 4): the claims in payment as ISO 20022 pain.001
// credit transfers and a NACHA ACH file.
// - What is paid is what the user accepted: acceptance seals the destination in full (account
//   numbers, the beneficiary's name and address) with the claim; the export reads that snapshot,
//   never the payout method's current row.
// - ACH bank accounts in the US paid in USD go in the NACHA file; every other bank transfer in the
//   pain.001 file: SEPA for euros to an IBAN in the SEPA area, a cross-border transfer otherwise.
//   Cards, PayPal, Zelle and checks are paid elsewhere: listed as not exported, never dropped.
// - A claim is exported once. Another export of it needs the explicit flag, is recorded as a
//   re-export and written to the admin audit log, in the same transaction.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { recordAdminAudits } from '../repositories/admin-audit';
import { lockClaimsInPayment, type ClaimRow } from '../repositories/claims';
import {
  countAchFilesSince,
  exportsOfClaims,
  recordPaymentExports,
} from '../repositories/payment-exports';
import { conflict } from '../errors';
import type { Sealer } from '../services/encryption';
import type { Merchant, MerchantDirectory } from '../services/merchants';
import type { MerchantPayer } from '../../core/types/entities/merchant-payer';
import { isBankType } from '../../core/payout/bank-fields';
import { sealedBinding, type PaymentMethodRow } from '../repositories/payment-methods';
import { firstAddressFields, type ProfileRow } from '../repositories/profiles';
import { openDayFrom } from '../services/banking-calendars';
import { inMinorUnits, sumOf } from '../services/payment-files/amounts';
import {
  buildPain001,
  type AccountId,
  type CreditTransfer,
  type FinancialInstitution,
  type PaymentGroup,
  type PostalAddress,
} from '../services/payment-files/pain001';
import { buildNacha, type AchCredit } from '../services/payment-files/nacha';

export const PAYMENT_FILE_FORMATS = ['pain.001', 'nacha'] as const;
export type PaymentFileFormat = (typeof PAYMENT_FILE_FORMATS)[number];

// ---- the destination sealed at acceptance ----------------------------------------------------

/** What acceptance seals with the claim: enough to pay, as it was when the user accepted. */
export interface AcceptedDestination {
  type: string;
  countryCode?: string;
  accountType?: string;
  iban?: string;
  accountNumber?: string;
  routingNumber?: string;
  bic?: string;
  sortCode?: string;
  bsbCode?: string;
  cnapsCode?: string;
  bankName?: string;
  beneficiary: {
    kind: 'PERSON' | 'COMPANY';
    name: string;
    address?: PostalAddress;
  };
}

/** What the sealed destination is bound to (AES-GCM additional data): its claim. */
export const destinationBinding = (claimId: string): string => `claims:${claimId}:destination`;

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A stored address (profile or payout form) as the files write it. */
function postalAddressOf(fields: Record<string, unknown> | undefined): PostalAddress | undefined {
  const line1 = textOf(fields?.addressLine1);
  if (!fields || !line1) return undefined;
  return {
    lines: [line1, textOf(fields.addressLine2)].filter((l): l is string => l !== undefined),
    postalCode: textOf(fields.postalCode) ?? textOf(fields.zipCode),
    town: textOf(fields.city),
    subdivision: textOf(fields.state),
    country: textOf(fields.countryCode),
  };
}

/**
 * The accepted destination in full, sealed to the claim; null for a payout type no file carries.
 * Call it in the acceptance's transaction, which holds the method's row lock.
 */
export async function sealAcceptedDestination(
  tx: Database,
  sealer: Sealer,
  claimId: string,
  method: PaymentMethodRow,
  profile: ProfileRow,
): Promise<string | null> {
  if (!isBankType(method.type)) return null;
  const numbers = method.sealed
    ? (JSON.parse(sealer.open(method.sealed, sealedBinding(method.id))) as Record<string, unknown>)
    : {};
  const details = method.details;
  const company = profile.profileType === 'COMPANY';
  const person = profile.person ?? {};
  const name = company
    ? textOf(profile.company?.name)
    : [person.firstName, person.middleName, person.lastName]
        .map(textOf)
        .filter((part) => part !== undefined)
        .join(' ');
  // The address given with the bank account is the one the bank is to be told; else the profile's.
  let address = postalAddressOf(details.address as Record<string, unknown> | undefined);
  if (!address) {
    address = postalAddressOf(await firstAddressFields(tx, profile.id));
  }
  const destination: AcceptedDestination = {
    type: method.type,
    countryCode: textOf(details.countryCode),
    accountType: textOf(details.accountType),
    iban: textOf(numbers.iban),
    accountNumber: textOf(numbers.accountNumber),
    routingNumber: textOf(numbers.routingNumber),
    bic: textOf(details.bic),
    sortCode: textOf(details.sortCode),
    bsbCode: textOf(details.bsbCode),
    cnapsCode: textOf(details.cnapsCode),
    bankName: textOf(details.bankName),
    beneficiary: { kind: company ? 'COMPANY' : 'PERSON', name: name || profile.email, address },
  };
  return sealer.seal(JSON.stringify(destination), destinationBinding(claimId));
}

// ---- which file a claim goes in --------------------------------------------------------------

/** Countries of the SEPA area (EPC list of countries and territories of the SEPA schemes). */
const SEPA_COUNTRIES = new Set(
  (
    'AD AT AX BE BG BL CH CY CZ DE DK EE ES FI FR GB GF GG GI GP GR HR HU IE IM IS IT JE LI LT LU LV ' +
    'MC MF MQ MT NL NO PL PM PT RE RO SE SI SK SM VA YT'
  ).split(' '),
);

/** National clearing codes a bank is known by when it has no BIC (ISO external code list). */
const CLEARING_SYSTEMS: Record<string, { system: string; field: keyof AcceptedDestination }> = {
  US: { system: 'USABA', field: 'routingNumber' },
  GB: { system: 'GBDSC', field: 'sortCode' },
  AU: { system: 'AUBSB', field: 'bsbCode' },
  NZ: { system: 'NZNCC', field: 'bsbCode' },
  CN: { system: 'CNAPS', field: 'cnapsCode' },
  CA: { system: 'CACPA', field: 'sortCode' },
  IN: { system: 'INFSC', field: 'sortCode' },
};

/** Account numbers some countries name (pain.001 Othr/SchmeNm/Prtry); any other is a BBAN. */
const NAMED_ACCOUNT_SCHEMES: Record<string, string> = { MX: 'CLABE', AR: 'CBU' };

export type NotExportedReason =
  | 'NOT_A_BANK_TRANSFER'
  | 'OTHER_FORMAT'
  | 'ALREADY_EXPORTED'
  | 'NO_SEALED_DESTINATION'
  | 'DESTINATION_INCOMPLETE'
  | 'PAYER_NOT_CONFIGURED'
  | 'AMOUNT_NOT_PAYABLE';

export interface NotExported {
  claimId: string;
  type: string;
  reason: NotExportedReason;
  detail: string;
}

export interface ExportedClaim {
  claimId: string;
  format: PaymentFileFormat;
  fileId: string;
  /** What the bank reports back: the pain.001 EndToEndId, or the ACH trace number. */
  reference: string;
  amount: string;
  currency: string;
  reexport: boolean;
}

export interface PaymentFile {
  id: string;
  format: PaymentFileFormat;
  merchantId: string;
  fileName: string;
  content: string;
  transactions: number;
  totals: { currency: string; amount: string }[];
}

export interface PaymentExport {
  files: PaymentFile[];
  exported: ExportedClaim[];
  notExported: NotExported[];
}

export interface ExportRequest {
  /** Only this format; both when absent. */
  format?: PaymentFileFormat;
  /** Claims accepted at or after `since` and before `until`. */
  since?: Date;
  until?: Date;
  /** Put claims exported before in the files again (audited). */
  reexport?: boolean;
  /** `admin:<key name>`. */
  actor: string;
  now?: Date;
}

/** The EndToEndId of a claim (Max35Text): its UUID without hyphens, 32 characters. */
export const endToEndIdOf = (claimId: string): string => claimId.replace(/-/g, '');
/** The claim an EndToEndId names. */
export const claimIdOfEndToEndId = (id: string): string =>
  `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
/** The ACH entry's identification (15 characters): the start of the claim's EndToEndId. */
export const achIndividualIdOf = (claimId: string): string =>
  endToEndIdOf(claimId).slice(0, 15).toUpperCase();

const isUsAch = (d: AcceptedDestination, currency: string): boolean =>
  d.type === 'ACH' && d.countryCode === 'US' && currency === 'USD';

/** The payer's account for a currency: one that lists it, else one that lists none. */
function debtorAccountFor(payer: MerchantPayer, currency: string, needsIban: boolean) {
  const usable = payer.accounts.filter((a) => !needsIban || a.iban);
  return usable.find((a) => a.currencies?.includes(currency)) ?? usable.find((a) => !a.currencies);
}

function creditorAgent(d: AcceptedDestination): FinancialInstitution | undefined {
  const clearing = d.countryCode ? CLEARING_SYSTEMS[d.countryCode] : undefined;
  const memberId = clearing ? (d[clearing.field] as string | undefined) : undefined;
  const agent: FinancialInstitution = {
    ...(d.bic ? { bic: d.bic } : {}),
    ...(!d.bic && clearing && memberId ? { clearing: { system: clearing.system, memberId } } : {}),
    ...(d.bankName ? { name: d.bankName } : {}),
    ...(d.countryCode ? { country: d.countryCode } : {}),
  };
  return Object.keys(agent).length ? agent : undefined;
}

function creditorAccount(d: AcceptedDestination): AccountId | undefined {
  if (d.iban) return { iban: d.iban };
  if (!d.accountNumber) return undefined;
  const named = d.countryCode ? NAMED_ACCOUNT_SCHEMES[d.countryCode] : undefined;
  return {
    other: d.accountNumber.replace(/\s+/g, ''),
    scheme: named ? { proprietary: named } : { code: 'BBAN' },
  };
}

const utcDate = (date: Date): string => date.toISOString().slice(0, 10);

/** The next FedACH settlement day after `date` (weekends and Fed holidays skipped): the day ACH receivers are credited. */
const achEffectiveDate = (date: Date): string => openDayFrom('FEDACH', utcDate(date), true);

/** Today, or the next TARGET day when today is closed: the date the payer's bank is asked to execute. */
const sepaExecutionDate = (date: Date): string => openDayFrom('TARGET', utcDate(date));

const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const newFileId = (format: PaymentFileFormat, now: Date): string =>
  `${format === 'nacha' ? 'ACH' : 'SCT'}${utcDate(now).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;

interface Candidate {
  claim: ClaimRow;
  destination: AcceptedDestination;
  amount: string;
  currency: string;
  reexport: boolean;
}

/**
 * Exports the claims in payment (accepted in the window, not yet exported unless `reexport`) as
 * payment files, one per format and merchant, and records each claim's export in the same
 * transaction. Claims exported by a concurrent run wait for its commit (the claims' row locks)
 * and are then seen as exported.
 */
export async function exportPayments(
  db: Database,
  sealer: Sealer,
  merchants: Pick<MerchantDirectory, 'byId'>,
  request: ExportRequest,
): Promise<PaymentExport> {
  const now = request.now ?? new Date();
  const formats = request.format ? [request.format] : [...PAYMENT_FILE_FORMATS];
  return db.transaction(async (tx) => {
    const rows = await lockClaimsInPayment(tx, { since: request.since, until: request.until });
    const previous = await exportsOfClaims(
      tx,
      rows.map((r) => r.id),
    );
    const exportedIn = new Map<string, string[]>();
    for (const p of previous)
      exportedIn.set(p.claimId, [...(exportedIn.get(p.claimId) ?? []), p.fileId]);

    const notExported: NotExported[] = [];
    const skip = (claimId: string, type: string, reason: NotExportedReason, detail: string) =>
      notExported.push({ claimId, type, reason, detail });
    // By format, then merchant: each merchant pays from its own accounts.
    const byFile = new Map<
      string,
      { format: PaymentFileFormat; merchant: Merchant; items: Candidate[] }
    >();

    for (const claim of rows) {
      const type = String(claim.destination?.type ?? 'UNKNOWN');
      if (!isBankType(type)) {
        skip(claim.id, type, 'NOT_A_BANK_TRANSFER', `${type} payouts are not paid by bank file`);
        continue;
      }
      if (!claim.destinationSealed) {
        skip(
          claim.id,
          type,
          'NO_SEALED_DESTINATION',
          'accepted before destinations were sealed for payment files: pay it by hand',
        );
        continue;
      }
      const destination = JSON.parse(
        sealer.open(claim.destinationSealed, destinationBinding(claim.id)),
      ) as AcceptedDestination;
      const currency = claim.targetCurrency ?? claim.currency;
      const format: PaymentFileFormat = isUsAch(destination, currency) ? 'nacha' : 'pain.001';
      if (!formats.includes(format)) {
        skip(claim.id, type, 'OTHER_FORMAT', `goes in the ${format} file`);
        continue;
      }
      const before = exportedIn.get(claim.id);
      if (before && !request.reexport) {
        skip(claim.id, type, 'ALREADY_EXPORTED', `exported in ${before.join(', ')}`);
        continue;
      }
      let amount: string;
      try {
        amount = inMinorUnits(claim.targetAmount ?? claim.amount, currency);
      } catch (error) {
        skip(claim.id, type, 'AMOUNT_NOT_PAYABLE', (error as Error).message);
        continue;
      }
      const missing = missingFields(destination, format);
      if (missing.length) {
        skip(claim.id, type, 'DESTINATION_INCOMPLETE', `no ${missing.join(', ')}`);
        continue;
      }
      const merchant = merchants.byId(claim.merchantId);
      const payerProblem = !merchant?.payer
        ? `merchant ${claim.merchantId} has no payer in its configuration file`
        : format === 'nacha' && !merchant.payer.ach
          ? `merchant ${claim.merchantId} has no payer.ach`
          : format === 'pain.001' &&
              !debtorAccountFor(merchant.payer, currency, sepa(destination, currency))
            ? `merchant ${claim.merchantId} has no payer account for ${currency}`
            : undefined;
      if (payerProblem || !merchant) {
        skip(claim.id, type, 'PAYER_NOT_CONFIGURED', payerProblem ?? 'no merchant');
        continue;
      }
      const key = `${format}\u0000${merchant.id}`;
      const file = byFile.get(key) ?? { format, merchant, items: [] };
      file.items.push({ claim, destination, amount, currency, reexport: Boolean(before) });
      byFile.set(key, file);
    }

    const files: PaymentFile[] = [];
    const exported: ExportedClaim[] = [];
    let achFilesToday = 0;
    if ([...byFile.values()].some((f) => f.format === 'nacha')) {
      const dayStart = new Date(`${utcDate(now)}T00:00:00Z`);
      achFilesToday = await countAchFilesSince(tx, dayStart);
    }
    for (const { format, merchant, items } of byFile.values()) {
      const fileId = newFileId(format, now);
      const payer = merchant.payer as MerchantPayer;
      let content: string;
      let references: string[];
      if (format === 'nacha') {
        const modifier = FILE_ID_MODIFIERS[achFilesToday++];
        if (!modifier)
          throw conflict('TooManyAchFiles: 36 ACH files were made today; export again tomorrow');
        if (!payer.ach) throw new Error(`merchant ${merchant.id} has no payer.ach`);
        const built = buildNacha({
          originator: payer.ach,
          createdAt: now,
          fileIdModifier: modifier,
          effectiveDate: achEffectiveDate(now),
          entries: items.map(achCredit),
        });
        content = built.content;
        references = built.traceNumbers;
      } else {
        content = buildPain001({
          messageId: fileId,
          createdAt: now,
          initiatingParty: { name: payer.name },
          executionDate: sepaExecutionDate(now),
          groups: paymentGroups(fileId, payer, merchant, items),
        });
        references = items.map((i) => endToEndIdOf(i.claim.id));
      }
      const totals = new Map<string, string[]>();
      for (const i of items) totals.set(i.currency, [...(totals.get(i.currency) ?? []), i.amount]);
      files.push({
        id: fileId,
        format,
        merchantId: merchant.id,
        fileName: `${fileId}.${format === 'nacha' ? 'ach' : 'pain.001.xml'}`,
        content,
        transactions: items.length,
        totals: [...totals].map(([currency, amounts]) => ({ currency, amount: sumOf(amounts) })),
      });
      const records = items.map((i, index) => ({
        claimId: i.claim.id,
        fileId,
        format,
        reference: references[index] ?? '',
        actor: request.actor,
        reexport: i.reexport,
      }));
      await recordPaymentExports(tx, records);
      await recordAdminAudits(tx, [
        {
          actor: request.actor,
          action: 'payment-file.export',
          subject: fileId,
          detail: { format, merchantId: merchant.id, claims: items.length },
        },
        ...items
          .filter((i) => i.reexport)
          .map((i) => ({
            actor: request.actor,
            action: 'payment-file.reexport',
            subject: i.claim.id,
            detail: { fileId, format, exportedBefore: exportedIn.get(i.claim.id) ?? [] },
          })),
      ]);
      items.forEach((i, index) =>
        exported.push({
          claimId: i.claim.id,
          format,
          fileId,
          reference: references[index] ?? '',
          amount: i.amount,
          currency: i.currency,
          reexport: i.reexport,
        }),
      );
    }
    return { files, exported, notExported };
  });
}

const sepa = (d: AcceptedDestination, currency: string): boolean =>
  currency === 'EUR' && Boolean(d.iban) && SEPA_COUNTRIES.has((d.iban ?? '').slice(0, 2));

/** What a file needs of the destination and the destination lacks. */
function missingFields(d: AcceptedDestination, format: PaymentFileFormat): string[] {
  if (format === 'nacha')
    return [
      ...(d.routingNumber ? [] : ['routing number']),
      ...(d.accountNumber ? [] : ['account number']),
      ...(d.accountType === 'CHECKING' || d.accountType === 'SAVINGS' ? [] : ['account type']),
    ];
  return creditorAccount(d) ? [] : ['IBAN or account number'];
}

function achCredit(item: Candidate): AchCredit {
  const d = item.destination;
  return {
    routingNumber: d.routingNumber ?? '',
    accountNumber: d.accountNumber ?? '',
    accountType: d.accountType === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
    amount: item.amount,
    individualId: achIndividualIdOf(item.claim.id),
    name: d.beneficiary.name,
    secCode: d.beneficiary.kind === 'COMPANY' ? 'CCD' : 'PPD',
  };
}

/** One payment information block per service level and currency, each paid from its account. */
function paymentGroups(
  fileId: string,
  payer: MerchantPayer,
  merchant: Merchant,
  items: Candidate[],
): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup>();
  for (const item of items) {
    const isSepa = sepa(item.destination, item.currency);
    const key = `${isSepa ? 'SEPA' : 'XB'}-${item.currency}`;
    let group = groups.get(key);
    if (!group) {
      const account = debtorAccountFor(payer, item.currency, isSepa);
      if (!account) throw new Error(`no payer account for ${item.currency}`);
      group = {
        id: `${fileId}-${groups.size + 1}`,
        ...(isSepa ? { serviceLevel: 'SEPA' as const } : {}),
        chargeBearer: isSepa ? 'SLEV' : 'SHAR',
        debtor: { name: payer.name, address: payer.address },
        debtorAccount: account.iban
          ? { iban: account.iban }
          : { other: account.accountNumber ?? '', scheme: { code: 'BBAN' } },
        debtorAgent: account.bic ? { bic: account.bic } : {},
        transfers: [],
      };
      groups.set(key, group);
    }
    const transfer: CreditTransfer = {
      endToEndId: endToEndIdOf(item.claim.id),
      uetr: item.claim.id,
      amount: item.amount,
      currency: item.currency,
      creditor: item.destination.beneficiary,
      account: creditorAccount(item.destination) as AccountId,
      // SEPA needs no more than the IBAN; the BIC goes along when the user gave one.
      agent: isSepa
        ? item.destination.bic
          ? { bic: item.destination.bic }
          : undefined
        : creditorAgent(item.destination),
      remittance: `${merchant.configuration.branding.merchantName} claim ${item.claim.id}`,
    };
    group.transfers.push(transfer);
  }
  return [...groups.values()];
}
