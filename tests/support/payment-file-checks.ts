// Independent checks of the payment files, written from the published formats and sharing no code
// with the builders (src/server/services/payment-files):
// - pain.001: validated against ISO 20022's own schema (tests/fixtures/iso20022, see SOURCE.md)
//   by xmllint (libxml2 as WebAssembly), and its counts and control sums recomputed;
// - NACHA: every record checked field by field against the Nacha Operating Rules' record layouts
//   (Appendix Three), with the totals, entry hashes and ABA check digits recomputed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from '../../src/core/schemas/catalog';

const PAIN001_XSD = readFileSync(
  join(REPO_ROOT, 'tests/fixtures/iso20022/pain.001.001.09.xsd'),
  'utf8',
);

/** The schema's complaints about `xml` (none: valid). */
export async function pain001SchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'payments.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: PAIN001_XSD }],
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** Hundred-thousandths of a decimal amount: exact sums without floating point. */
const units = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(5, '0').slice(0, 5));
};
const all = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');

/** Counts and control sums the schema cannot check: header and each payment block. */
export function pain001TotalsErrors(xml: string): string[] {
  const errors: string[] = [];
  const header = /<GrpHdr>(.*?)<\/GrpHdr>/s.exec(xml)?.[1] ?? '';
  const blocks = [...xml.matchAll(/<PmtInf>(.*?)<\/PmtInf>/gs)].map((m) => m[1] ?? '');
  const amounts = all(xml, 'InstdAmt');
  if (all(header, 'NbOfTxs')[0] !== String(amounts.length))
    errors.push(`GrpHdr NbOfTxs ${all(header, 'NbOfTxs')[0]} but ${amounts.length} transfers`);
  const total = amounts.reduce((sum, a) => sum + units(a), 0n);
  if (units(all(header, 'CtrlSum')[0] ?? '0') !== total)
    errors.push(`GrpHdr CtrlSum ${all(header, 'CtrlSum')[0]} is not the sum of the amounts`);
  blocks.forEach((block, index) => {
    const own = all(block, 'InstdAmt');
    const [count] = all(block, 'NbOfTxs');
    const [sum] = all(block, 'CtrlSum');
    if (count !== String(own.length))
      errors.push(`PmtInf ${index + 1} NbOfTxs ${count} but ${own.length} transfers`);
    if (units(sum ?? '0') !== own.reduce((s, a) => s + units(a), 0n))
      errors.push(`PmtInf ${index + 1} CtrlSum ${sum} is not the sum of its amounts`);
    const currencies = new Set(
      [...block.matchAll(/<InstdAmt Ccy="([A-Z]{3})">/g)].map((m) => m[1]),
    );
    if (currencies.size > 1) errors.push(`PmtInf ${index + 1} mixes ${[...currencies].join(', ')}`);
  });
  return errors;
}

/** The ABA routing number rule: weights 3, 7, 1 repeated; the sum is a multiple of 10. */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((sum, digit, i) => sum + Number(digit) * weights[i]!, 0) % 10 === 0;
}

const CREDIT_CODES = new Set(['22', '23', '24', '32', '33', '34']);
const DEBIT_CODES = new Set(['27', '28', '29', '37', '38', '39']);
const SEC_CODES = new Set(['PPD', 'CCD', 'CTX', 'WEB', 'TEL']);

const validYymmdd = (text: string): boolean => {
  if (!/^\d{6}$/.test(text)) return false;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
};

/** Every way `text` departs from the NACHA file format (none: a well-formed file). */
export function nachaErrors(text: string): string[] {
  const errors: string[] = [];
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  const at = (n: number, message: string) => errors.push(`line ${n + 1}: ${message}`);
  lines.forEach((line, n) => {
    if (line.length !== 94) at(n, `is ${line.length} characters, not 94`);
    if (!/^[\x20-\x7E]*$/.test(line)) at(n, 'has characters outside printable ASCII');
  });
  if (lines.length % 10) errors.push(`${lines.length} records: not a multiple of 10 (blocking)`);

  // Field (1-based, inclusive positions as the layouts print them).
  const f = (line: string, from: number, to: number) => line.slice(from - 1, to);
  let n = 0;
  const header = lines[n] ?? '';
  if (f(header, 1, 1) !== '1') at(n, 'the file must start with a file header (1)');
  if (f(header, 2, 3) !== '01') at(n, 'priority code must be 01');
  if (f(header, 4, 4) !== ' ' || !abaValid(f(header, 5, 13)))
    at(n, 'immediate destination must be a blank and a valid routing number');
  if (!validYymmdd(f(header, 24, 29))) at(n, 'file creation date is not YYMMDD');
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(f(header, 30, 33))) at(n, 'file creation time is not HHMM');
  if (!/^[A-Z0-9]$/.test(f(header, 34, 34))) at(n, 'file id modifier must be A-Z or 0-9');
  if (f(header, 35, 37) !== '094') at(n, 'record size must be 094');
  if (f(header, 38, 39) !== '10') at(n, 'blocking factor must be 10');
  if (f(header, 40, 40) !== '1') at(n, 'format code must be 1');
  n++;

  let batches = 0;
  let fileEntries = 0;
  let fileHash = 0n;
  let fileDebit = 0n;
  let fileCredit = 0n;
  let lastTrace = '';
  while (f(lines[n] ?? '', 1, 1) === '5') {
    const batch = lines[n] ?? '';
    batches++;
    const serviceClass = f(batch, 2, 4);
    if (!['200', '220', '225'].includes(serviceClass)) at(n, `service class ${serviceClass}`);
    if (!SEC_CODES.has(f(batch, 51, 53))) at(n, `standard entry class ${f(batch, 51, 53)}`);
    if (!f(batch, 5, 20).trim()) at(n, 'company name is blank');
    if (!f(batch, 41, 50).trim()) at(n, 'company identification is blank');
    if (!f(batch, 54, 63).trim()) at(n, 'company entry description is blank');
    if (!validYymmdd(f(batch, 70, 75))) at(n, 'effective entry date is not YYMMDD');
    if (f(batch, 79, 79) !== '1') at(n, 'originator status code must be 1');
    const odfi = f(batch, 80, 87);
    if (!/^\d{8}$/.test(odfi)) at(n, 'originating DFI must be 8 digits');
    if (Number(f(batch, 88, 94)) !== batches) at(n, `batch number ${f(batch, 88, 94)}`);
    n++;
    let count = 0;
    let hash = 0n;
    let debit = 0n;
    let credit = 0n;
    while (f(lines[n] ?? '', 1, 1) === '6' || f(lines[n] ?? '', 1, 1) === '7') {
      const entry = lines[n] ?? '';
      count++;
      if (f(entry, 1, 1) === '7') {
        n++;
        continue;
      }
      const code = f(entry, 2, 3);
      if (!CREDIT_CODES.has(code) && !DEBIT_CODES.has(code)) at(n, `transaction code ${code}`);
      if (serviceClass === '220' && !CREDIT_CODES.has(code)) at(n, 'a debit in a credits batch');
      if (!abaValid(f(entry, 4, 12))) at(n, `routing ${f(entry, 4, 12)}: check digit fails`);
      if (!f(entry, 13, 29).trim()) at(n, 'DFI account number is blank');
      if (!/^\d{10}$/.test(f(entry, 30, 39))) at(n, 'amount is not 10 digits');
      if (!f(entry, 55, 76).trim()) at(n, 'receiver name is blank');
      if (!['0', '1'].includes(f(entry, 79, 79))) at(n, 'addenda indicator must be 0 or 1');
      const trace = f(entry, 80, 94);
      if (!/^\d{15}$/.test(trace) || f(trace, 1, 8) !== odfi)
        at(n, 'trace number must be the ODFI and 7 digits');
      if (trace <= lastTrace) at(n, 'trace numbers must ascend');
      lastTrace = trace;
      hash += BigInt(f(entry, 4, 11));
      const amount = BigInt(f(entry, 30, 39) || '0');
      if (CREDIT_CODES.has(code)) credit += amount;
      else debit += amount;
      n++;
    }
    const control = lines[n] ?? '';
    if (f(control, 1, 1) !== '8') {
      at(n, 'a batch must end with its batch control (8)');
      break;
    }
    if (!count) at(n, 'a batch without entries');
    if (f(control, 2, 4) !== serviceClass) at(n, 'service class differs from its header');
    if (Number(f(control, 5, 10)) !== count) at(n, `entry count ${f(control, 5, 10)} but ${count}`);
    if (BigInt(f(control, 11, 20)) !== hash % 10_000_000_000n) at(n, 'entry hash mismatch');
    if (BigInt(f(control, 21, 32)) !== debit) at(n, 'total debit mismatch');
    if (BigInt(f(control, 33, 44)) !== credit) at(n, 'total credit mismatch');
    if (f(control, 45, 54) !== f(batch, 41, 50)) at(n, 'company identification differs');
    if (f(control, 80, 87) !== odfi) at(n, 'originating DFI differs');
    if (f(control, 88, 94) !== f(batch, 88, 94)) at(n, 'batch number differs');
    fileEntries += count;
    fileHash += hash;
    fileDebit += debit;
    fileCredit += credit;
    n++;
  }
  const control = lines[n] ?? '';
  if (f(control, 1, 1) !== '9') {
    at(n, 'expected the file control (9)');
    return errors;
  }
  if (Number(f(control, 2, 7)) !== batches) at(n, 'batch count mismatch');
  if (Number(f(control, 8, 13)) !== Math.ceil(lines.length / 10)) at(n, 'block count mismatch');
  if (Number(f(control, 14, 21)) !== fileEntries) at(n, 'entry/addenda count mismatch');
  if (BigInt(f(control, 22, 31)) !== fileHash % 10_000_000_000n) at(n, 'file entry hash mismatch');
  if (BigInt(f(control, 32, 43)) !== fileDebit) at(n, 'file total debit mismatch');
  if (BigInt(f(control, 44, 55)) !== fileCredit) at(n, 'file total credit mismatch');
  if (f(control, 56, 94).trim()) at(n, 'reserved positions must be blank');
  for (let filler = n + 1; filler < lines.length; filler++)
    if (lines[filler] !== '9'.repeat(94))
      at(filler, 'after the file control only 9-filled records');
  return errors;
}

/** The entry detail records of a NACHA file, by field. */
export function nachaEntries(text: string) {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('6'))
    .map((line) => ({
      transactionCode: line.slice(1, 3),
      routing: line.slice(3, 12),
      account: line.slice(12, 29).trim(),
      cents: Number(line.slice(29, 39)),
      individualId: line.slice(39, 54).trim(),
      name: line.slice(54, 76).trim(),
      trace: line.slice(79, 94),
    }));
}
