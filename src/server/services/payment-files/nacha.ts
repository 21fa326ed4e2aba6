// A NACHA ACH file of credits (Nacha Operating Rules, Appendix Three): a file header (1), one batch
// per standard entry class — PPD for persons, CCD for companies — each a batch header (5), its
// entry details (6) and a batch control (8), then the file control (9). Every record is 94
// characters; the file is padded with records of 9s to a multiple of 10 (blocking factor 10).
// Pure: the entries in, the text and the trace numbers out.
import type { MerchantPayer } from '../../../core/types/entities/merchant-payer';
import { toUnits } from './amounts';
import { transliterate } from './transliteration';

/**
 * Who sends the file: a merchant's `payer.ach`, as the originating bank set it up (its fields and
 * lengths are written once, in schemas/entities/merchant-payer.schema.json).
 */
export type AchOriginator = NonNullable<MerchantPayer['ach']>;

export interface AchCredit {
  /** The receiver's 9-digit ABA routing number, check digit included. */
  routingNumber: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
  /** US dollars, at most two decimals ("125.50"). */
  amount: string;
  /** Individual (PPD) or receiver (CCD) identification: 15 characters, ours to choose. */
  individualId: string;
  /** The receiver's name (22 characters are kept). */
  name: string;
  /** PPD: a consumer account; CCD: a company's. */
  secCode: 'PPD' | 'CCD';
}

export interface NachaFile {
  originator: AchOriginator;
  createdAt: Date;
  /** A–Z or 0–9: tells apart files of one day to the same destination. */
  fileIdModifier: string;
  /** The day the receivers are credited (YYYY-MM-DD). */
  effectiveDate: string;
  entries: AchCredit[];
}

export interface BuiltNachaFile {
  content: string;
  /** The trace number of each entry, in the order the entries were given. */
  traceNumbers: string[];
}

/** The ABA check digit rule: 3, 7, 1 weights over the nine digits sum to a multiple of 10. */
export function abaCheckDigitValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce(
    (total, digit, i) => total + Number(digit) * (weights[i] ?? 0),
    0,
  );
  return sum % 10 === 0;
}

/**
 * NACHA text: Latin text transliterated as in pain.001 (ß → SS, Ø → O), upper-case, anything else
 * outside printable ASCII a space, cut or space-padded to `size`.
 */
export function alpha(value: string, size: number): string {
  const ascii = transliterate(value)
    .replace(/[^\x20-\x7E]/g, ' ')
    .toUpperCase();
  return ascii.slice(0, size).padEnd(size, ' ');
}

/** A number right-justified with zeros; refuses one that does not fit. */
export function numeric(value: bigint | number | string, size: number, what = 'field'): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > size)
    throw new Error(`${what} ${text} does not fit ${size} digits`);
  return text.padStart(size, '0');
}

const yymmdd = (isoDate: string): string => isoDate.slice(2, 10).replace(/-/g, '');

const TRANSACTION_CODE = { CHECKING: '22', SAVINGS: '32' } as const;
const CREDITS_ONLY = '220';

export function buildNacha(file: NachaFile): BuiltNachaFile {
  const { originator: o } = file;
  if (!file.entries.length) throw new Error('an ACH file needs at least one entry');
  for (const routing of [o.immediateDestination, ...file.entries.map((e) => e.routingNumber)])
    if (!abaCheckDigitValid(routing)) throw new Error(`routing number ${routing} is not valid`);
  if (!/^\d{8}$/.test(o.originatingDfi)) throw new Error('originatingDfi must be 8 digits');
  if (!/^[A-Z0-9]$/.test(file.fileIdModifier)) throw new Error('fileIdModifier must be A-Z or 0-9');

  const created = file.createdAt.toISOString();
  const records: string[] = [
    '1' +
      '01' +
      ` ${o.immediateDestination}` +
      alpha(o.immediateOrigin.padStart(10, ' '), 10) +
      yymmdd(created) +
      created.slice(11, 16).replace(':', '') +
      file.fileIdModifier +
      '094' +
      '10' +
      '1' +
      alpha(o.immediateDestinationName, 23) +
      alpha(o.immediateOriginName, 23) +
      alpha('', 8),
  ];

  const traceNumbers = new Array<string>(file.entries.length);
  let sequence = 0;
  let batchCount = 0;
  let fileEntries = 0;
  let fileHash = 0n;
  let fileCredit = 0n;
  for (const secCode of ['PPD', 'CCD'] as const) {
    const batch = file.entries
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => entry.secCode === secCode);
    if (!batch.length) continue;
    const batchNumber = numeric(++batchCount, 7);
    records.push(
      '5' +
        CREDITS_ONLY +
        alpha(o.companyName, 16) +
        alpha('', 20) +
        alpha(o.companyId, 10) +
        secCode +
        alpha(o.entryDescription, 10) +
        alpha('', 6) +
        yymmdd(file.effectiveDate) +
        '   ' + // settlement date: the ACH operator fills it in
        '1' +
        o.originatingDfi +
        batchNumber,
    );
    let hash = 0n;
    let credit = 0n;
    for (const { entry, index } of batch) {
      const cents = toUnits(entry.amount, 2);
      if (cents <= 0n) throw new Error('an ACH credit must be a positive amount');
      if (!/^[0-9A-Za-z-]{1,17}$/.test(entry.accountNumber))
        throw new Error('the account number does not fit an ACH entry');
      const trace = o.originatingDfi + numeric(++sequence, 7);
      traceNumbers[index] = trace;
      records.push(
        '6' +
          TRANSACTION_CODE[entry.accountType] +
          entry.routingNumber.slice(0, 8) +
          entry.routingNumber.slice(8) +
          alpha(entry.accountNumber, 17) +
          numeric(cents, 10, 'amount') +
          alpha(entry.individualId, 15) +
          alpha(entry.name, 22) +
          '  ' +
          '0' +
          trace,
      );
      hash += BigInt(entry.routingNumber.slice(0, 8));
      credit += cents;
    }
    const entryHash = numeric(hash % 10_000_000_000n, 10);
    records.push(
      '8' +
        CREDITS_ONLY +
        numeric(batch.length, 6) +
        entryHash +
        numeric(0, 12) +
        numeric(credit, 12, 'batch credit total') +
        alpha(o.companyId, 10) +
        alpha('', 19) +
        alpha('', 6) +
        o.originatingDfi +
        batchNumber,
    );
    fileEntries += batch.length;
    fileHash += hash;
    fileCredit += credit;
  }

  const blocks = Math.ceil((records.length + 1) / 10);
  records.push(
    '9' +
      numeric(batchCount, 6) +
      numeric(blocks, 6) +
      numeric(fileEntries, 8) +
      numeric(fileHash % 10_000_000_000n, 10) +
      numeric(0, 12) +
      numeric(fileCredit, 12, 'file credit total') +
      alpha('', 39),
  );
  while (records.length % 10) records.push('9'.repeat(94));
  for (const record of records)
    if (record.length !== 94) throw new Error(`an ACH record came out ${record.length} long`);
  return { content: `${records.join('\n')}\n`, traceNumbers };
}
