// ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiationV09): the credit transfer file a
// bank executes. Pure: the message in, the XML out. One payment information block per group the
// caller forms (a currency and service level: SEPA, or a cross-border transfer), each with its own
// count and control sum; the group header counts and sums them all. Lengths follow the schema's
// types (Max35Text ids, Max140Text names, Max70Text address lines).
import { sumOf } from './amounts';
import { transliterate } from './transliteration';

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface PostalAddress {
  /** Street and building, as free address lines (at most 7 of 70 characters are kept). */
  lines: string[];
  postalCode?: string;
  town?: string;
  /** State, province, region. */
  subdivision?: string;
  /** ISO 3166 alpha-2. */
  country?: string;
}

export interface Party {
  name: string;
  address?: PostalAddress;
}

/** An IBAN, or another account number with the scheme it belongs to (Othr/Id, SchmeNm). */
export type AccountId =
  { iban: string } | { other: string; scheme: { code: string } | { proprietary: string } };

export interface FinancialInstitution {
  bic?: string;
  /** A national clearing code: USABA (US routing number), GBDSC (UK sort code), AUBSB, CNAPS... */
  clearing?: { system: string; memberId: string };
  name?: string;
  country?: string;
}

export interface CreditTransfer {
  /** Max35Text: the id that comes back on the statement and in returns. */
  endToEndId: string;
  /** The same payment as a UUIDv4 (UETR), carried through SWIFT gpi end to end. */
  uetr?: string;
  /** In the currency's minor units ("115.59"). */
  amount: string;
  currency: string;
  creditor: Party;
  account: AccountId;
  agent?: FinancialInstitution;
  /** Unstructured remittance information, shown to the beneficiary (Max140Text). */
  remittance?: string;
}

export interface PaymentGroup {
  /** PmtInfId (Max35Text). */
  id: string;
  /** `SEPA` for a SEPA credit transfer; none for other transfers. */
  serviceLevel?: 'SEPA';
  /** SLEV (as the scheme says: SEPA), SHAR (each pays their own bank), DEBT (the debtor pays all). */
  chargeBearer: 'SLEV' | 'SHAR' | 'DEBT';
  debtor: Party;
  debtorAccount: AccountId;
  /** Where the debtor banks; without a BIC the file says NOTPROVIDED (SEPA: the IBAN suffices). */
  debtorAgent: FinancialInstitution;
  transfers: CreditTransfer[];
}

export interface Pain001Message {
  /** MsgId (Max35Text): unique per file for the bank, which refuses a duplicate. */
  messageId: string;
  createdAt: Date;
  initiatingParty: Party;
  /** The requested execution date (YYYY-MM-DD). */
  executionDate: string;
  groups: PaymentGroup[];
}

const escapeXml = (text: string): string =>
  text
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

// The ASCII signs outside the SEPA set, written as the EPC's conversion guidance does.
const SEPA_SIGNS: Record<string, string> = {
  '&': '+',
  '`': "'",
  '"': "'",
  '<': '(',
  '>': ')',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  _: '-',
  ';': ',',
  '!': '.',
  '@': '(at)',
  '#': '',
  '*': '',
  '%': '',
  '=': '-',
};

/**
 * The character set SEPA and SWIFT text fields carry (EPC217-08, SWIFT "x"): a-z A-Z 0-9 and
 * / - ? : ( ) . , ' + and space. Latin text transliterated (accents dropped, other letters spelt
 * out), signs replaced, anything else becomes a full stop, so a bank never rejects or garbles a name.
 */
export function sepaText(text: string): string {
  return (
    transliterate(text)
      // eslint-disable-next-line no-control-regex
      .replace(/[\s\u0000-\u001f\u007f]/g, ' ')
      .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, (c) => SEPA_SIGNS[c] ?? '.')
  );
}

/** In the SEPA character set, trimmed, inner whitespace collapsed, cut to `max` characters. */
const fit = (text: string | undefined, max: number): string | undefined => {
  const clean = sepaText(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean ? [...clean].slice(0, max).join('') : undefined;
};

/** An identifier that must fit as it is: a cut id would point to another payment. */
function exactId(value: string, max: number, what: string): string {
  if (!value || value.length > max) throw new Error(`${what} must be 1 to ${max} characters`);
  return value;
}

/** One element, or nothing when its content is empty. */
const el = (name: string, content: string | undefined): string =>
  content === undefined || content === '' ? '' : `<${name}>${content}</${name}>`;
const text = (name: string, value: string | undefined, max: number): string => {
  const fitted = fit(value, max);
  return fitted === undefined ? '' : `<${name}>${escapeXml(fitted)}</${name}>`;
};

function postalAddress(address: PostalAddress | undefined): string {
  if (!address) return '';
  const lines = address.lines
    .map((line) => fit(line, 70))
    .filter((line): line is string => line !== undefined)
    .slice(0, 7);
  return el(
    'PstlAdr',
    text('PstCd', address.postalCode, 16) +
      text('TwnNm', address.town, 35) +
      text('CtrySubDvsn', address.subdivision, 35) +
      (address.country ? `<Ctry>${exactId(address.country, 2, 'country')}</Ctry>` : '') +
      lines.map((line) => `<AdrLine>${escapeXml(line)}</AdrLine>`).join(''),
  );
}

const party = (name: string, value: Party): string =>
  el(name, text('Nm', value.name, 140) + postalAddress(value.address));

function account(name: string, id: AccountId): string {
  if ('iban' in id)
    return `<${name}><Id><IBAN>${exactId(id.iban, 34, 'IBAN')}</IBAN></Id></${name}>`;
  const scheme =
    'code' in id.scheme
      ? `<Cd>${exactId(id.scheme.code, 4, 'account scheme code')}</Cd>`
      : `<Prtry>${escapeXml(exactId(id.scheme.proprietary, 35, 'account scheme'))}</Prtry>`;
  return `<${name}><Id><Othr><Id>${escapeXml(exactId(id.other, 34, 'account number'))}</Id><SchmeNm>${scheme}</SchmeNm></Othr></Id></${name}>`;
}

function agent(name: string, institution: FinancialInstitution | undefined, required: boolean) {
  const parts =
    (institution?.bic ? `<BICFI>${exactId(institution.bic, 11, 'BIC')}</BICFI>` : '') +
    (institution?.clearing
      ? `<ClrSysMmbId><ClrSysId><Cd>${exactId(institution.clearing.system, 5, 'clearing system')}</Cd></ClrSysId><MmbId>${escapeXml(exactId(institution.clearing.memberId, 35, 'clearing member id'))}</MmbId></ClrSysMmbId>`
      : '') +
    text('Nm', institution?.name, 140) +
    (institution?.country ? postalAddress({ lines: [], country: institution.country }) : '');
  if (parts) return `<${name}><FinInstnId>${parts}</FinInstnId></${name}>`;
  return required
    ? `<${name}><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></${name}>`
    : '';
}

const UUID_V4 = /^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$/;

function transfer(t: CreditTransfer): string {
  const uetr = t.uetr && UUID_V4.test(t.uetr) ? `<UETR>${t.uetr}</UETR>` : '';
  return (
    '<CdtTrfTxInf>' +
    `<PmtId><EndToEndId>${escapeXml(exactId(t.endToEndId, 35, 'EndToEndId'))}</EndToEndId>${uetr}</PmtId>` +
    `<Amt><InstdAmt Ccy="${exactId(t.currency, 3, 'currency')}">${t.amount}</InstdAmt></Amt>` +
    agent('CdtrAgt', t.agent, false) +
    party('Cdtr', t.creditor) +
    account('CdtrAcct', t.account) +
    el('RmtInf', text('Ustrd', t.remittance, 140)) +
    '</CdtTrfTxInf>'
  );
}

function paymentInformation(group: PaymentGroup, executionDate: string): string {
  if (!group.transfers.length) throw new Error(`payment group ${group.id} has no transfers`);
  const serviceLevel = group.serviceLevel
    ? `<PmtTpInf><SvcLvl><Cd>${group.serviceLevel}</Cd></SvcLvl></PmtTpInf>`
    : '';
  return (
    '<PmtInf>' +
    `<PmtInfId>${escapeXml(exactId(group.id, 35, 'PmtInfId'))}</PmtInfId>` +
    '<PmtMtd>TRF</PmtMtd>' +
    // One debit per transfer: each claim is its own line on the merchant's statement.
    '<BtchBookg>false</BtchBookg>' +
    `<NbOfTxs>${group.transfers.length}</NbOfTxs>` +
    `<CtrlSum>${sumOf(group.transfers.map((t) => t.amount))}</CtrlSum>` +
    serviceLevel +
    `<ReqdExctnDt><Dt>${exactId(executionDate, 10, 'execution date')}</Dt></ReqdExctnDt>` +
    party('Dbtr', group.debtor) +
    account('DbtrAcct', group.debtorAccount) +
    agent('DbtrAgt', group.debtorAgent, true) +
    `<ChrgBr>${group.chargeBearer}</ChrgBr>` +
    group.transfers.map(transfer).join('') +
    '</PmtInf>'
  );
}

/** The whole file, UTF-8 XML. */
export function buildPain001(message: Pain001Message): string {
  const transfers = message.groups.flatMap((g) => g.transfers);
  if (!transfers.length) throw new Error('a pain.001 file needs at least one transfer');
  const created = message.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${PAIN001_NAMESPACE}"><CstmrCdtTrfInitn>` +
    '<GrpHdr>' +
    `<MsgId>${escapeXml(exactId(message.messageId, 35, 'MsgId'))}</MsgId>` +
    `<CreDtTm>${created}</CreDtTm>` +
    `<NbOfTxs>${transfers.length}</NbOfTxs>` +
    // Across currencies, as the standard defines it: the plain sum of every instructed amount.
    `<CtrlSum>${sumOf(transfers.map((t) => t.amount))}</CtrlSum>` +
    party('InitgPty', message.initiatingParty) +
    '</GrpHdr>' +
    message.groups.map((g) => paymentInformation(g, message.executionDate)).join('') +
    '</CstmrCdtTrfInitn></Document>\n'
  );
}
