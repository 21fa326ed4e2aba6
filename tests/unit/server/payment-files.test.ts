// The payment file builders without HTTP: pain.001 against ISO 20022's schema and its own sums,
// NACHA against an independent record-by-record check (tests/support/payment-file-checks.ts); a
// tampered field fails them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';
import { inMinorUnits, sumOf } from '../../../src/server/services/payment-files/amounts';
import {
  buildPain001,
  sepaText,
  type Pain001Message,
} from '../../../src/server/services/payment-files/pain001';
import {
  abaCheckDigitValid,
  alpha,
  buildNacha,
  type AchCredit,
  type NachaFile,
} from '../../../src/server/services/payment-files/nacha';
import { claimIdOfEndToEndId, endToEndIdOf } from '../../../src/server/domain/payment-files';
import {
  abaValid,
  nachaEntries,
  nachaErrors,
  pain001SchemaErrors,
  pain001TotalsErrors,
} from '../../support/payment-file-checks';

const CLAIM = '3f1c2a9e-7b4d-4c8e-9a1f-0b2c3d4e5f60';

const MESSAGE: Pain001Message = {
  messageId: 'SCT20261127ABCDEF0123',
  createdAt: new Date('2026-11-27T10:15:00.000Z'),
  initiatingParty: { name: 'Acme Refunds Inc.' },
  executionDate: '2026-11-27',
  groups: [
    {
      id: 'SCT20261127ABCDEF0123-1',
      serviceLevel: 'SEPA',
      chargeBearer: 'SLEV',
      debtor: {
        name: 'Acme Refunds Inc.',
        address: { lines: ['100 Market Street'], town: 'San Francisco', country: 'US' },
      },
      debtorAccount: { iban: 'DE89370400440532013000' },
      debtorAgent: { bic: 'COBADEFFXXX' },
      transfers: [
        {
          endToEndId: endToEndIdOf(CLAIM),
          uetr: CLAIM,
          amount: '115.59',
          currency: 'EUR',
          creditor: {
            name: 'Zoë Müller & Söhne <GmbH>',
            address: {
              lines: ['Hauptstraße 1'],
              postalCode: '10115',
              town: 'Berlin',
              country: 'DE',
            },
          },
          account: { iban: 'FR1420041010050500013M02606' },
          remittance: `Acme Refunds claim ${CLAIM}`,
        },
        {
          endToEndId: 'b2c3d4e5f60718293a4b5c6d7e8f9012',
          amount: '0.01',
          currency: 'EUR',
          creditor: { name: 'Ana Lima' },
          account: { iban: 'DE89370400440532013000' },
          agent: { bic: 'DEUTDEFF' },
        },
      ],
    },
    {
      id: 'SCT20261127ABCDEF0123-2',
      chargeBearer: 'SHAR',
      debtor: { name: 'Acme Refunds Inc.' },
      debtorAccount: { other: '4000123456', scheme: { code: 'BBAN' } },
      debtorAgent: {},
      transfers: [
        {
          endToEndId: 'c3d4e5f60718293a4b5c6d7e8f901234',
          amount: '99.02',
          currency: 'GBP',
          creditor: { name: 'Ana Lima', address: { lines: ['12 Harbour Road'], country: 'GB' } },
          account: { other: '12001039', scheme: { code: 'BBAN' } },
          agent: { clearing: { system: 'GBDSC', memberId: '083210' }, country: 'GB' },
        },
      ],
    },
    {
      id: 'SCT20261127ABCDEF0123-3',
      chargeBearer: 'SHAR',
      debtor: { name: 'Acme Refunds Inc.' },
      debtorAccount: { other: '4000123456', scheme: { code: 'BBAN' } },
      debtorAgent: { bic: 'CHASUS33XXX' },
      transfers: [
        {
          endToEndId: 'd4e5f60718293a4b5c6d7e8f90123456',
          amount: '2290.38',
          currency: 'MXN',
          creditor: { name: 'Ana Lima' },
          account: { other: '002010077777777771', scheme: { proprietary: 'CLABE' } },
          agent: { bic: 'BNMXMXMM', country: 'MX' },
        },
      ],
    },
  ],
};

const ACH: NachaFile = {
  originator: {
    immediateDestination: '021000021',
    immediateDestinationName: 'JPMORGAN CHASE BANK',
    immediateOrigin: '1123456789',
    immediateOriginName: 'ACME REFUNDS INC',
    companyName: 'ACME REFUNDS',
    companyId: '1123456789',
    originatingDfi: '02100002',
    entryDescription: 'CLAIM PAY',
  },
  createdAt: new Date('2026-11-27T10:15:00.000Z'),
  fileIdModifier: 'A',
  effectiveDate: '2026-11-30',
  entries: [
    {
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountType: 'CHECKING',
      amount: '125.50',
      individualId: 'ABCDEF012345678',
      name: 'Ana Lima',
      secCode: 'PPD',
    },
    {
      routingNumber: '011000015',
      accountNumber: '0009876543210',
      accountType: 'SAVINGS',
      amount: '1000',
      individualId: 'B2C3D4E5F607182',
      name: 'José Núñez',
      secCode: 'PPD',
    },
    {
      routingNumber: '026009593',
      accountNumber: '55555',
      accountType: 'CHECKING',
      amount: '0.07',
      individualId: 'C3D4E5F60718293',
      name: 'Lima Holdings LLC',
      secCode: 'CCD',
    },
  ],
};

describe('pain.001.001.09', () => {
  it('validates against the ISO 20022 schema and carries its own counts and sums', async () => {
    const xml = buildPain001(MESSAGE);
    expect(await pain001SchemaErrors(xml)).toEqual([]);
    expect(pain001TotalsErrors(xml)).toEqual([]);
    expect(xml).toContain('<NbOfTxs>4</NbOfTxs><CtrlSum>2505.00</CtrlSum>');
    expect(xml).toContain('<SvcLvl><Cd>SEPA</Cd></SvcLvl>');
    expect(xml).toContain('<ChrgBr>SLEV</ChrgBr>');
    // In the SEPA character set: accents dropped, & and <> spelt as the EPC converts them.
    expect(xml).toContain('<Nm>Zoe Muller + Sohne (GmbH)</Nm>');
    expect(xml).toContain(`<EndToEndId>${endToEndIdOf(CLAIM)}</EndToEndId><UETR>${CLAIM}</UETR>`);
    expect(xml).toContain(
      '<ClrSysMmbId><ClrSysId><Cd>GBDSC</Cd></ClrSysId><MmbId>083210</MmbId></ClrSysMmbId>',
    );
    expect(xml).toContain('<SchmeNm><Prtry>CLABE</Prtry></SchmeNm>');
    // Without a BIC the debtor's bank is NOTPROVIDED, as the schema allows.
    expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>');
  });

  it('writes text in the character set SEPA and SWIFT carry, the apostrophe escaped', () => {
    expect(sepaText('Łukasz Żółć-Straße 5; Ørsted & Cie “Nord”')).toBe(
      "Lukasz Zolc-Strasse 5, Orsted + Cie 'Nord'",
    );
    // No Latin form: a full stop per character, never a character a bank refuses.
    expect(sepaText('Иван №7 ﬁ')).toBe('.... No7 fi');
    const xml = buildPain001({
      ...MESSAGE,
      initiatingParty: { name: "O'Brien\tPayouts\u0007 €" },
    });
    expect(xml).toContain('<InitgPty><Nm>O&apos;Brien Payouts .</Nm>');
  });

  it('makes a claim id an EndToEndId of at most 35 characters, and back', () => {
    const id = endToEndIdOf(CLAIM);
    expect(id).toHaveLength(32);
    expect(claimIdOfEndToEndId(id)).toBe(CLAIM);
  });

  it('fails the checks when a field is tampered with', async () => {
    const xml = buildPain001(MESSAGE);
    // An amount with more decimals than the schema allows.
    expect(await pain001SchemaErrors(xml.replace('>115.59<', '>115.591234<'))).not.toEqual([]);
    // An IBAN that is not one.
    expect(
      await pain001SchemaErrors(xml.replace('FR1420041010050500013M02606', 'FR-14')),
    ).not.toEqual([]);
    // A 36-character EndToEndId (a whole UUID).
    expect(
      await pain001SchemaErrors(
        xml.replace(`<EndToEndId>${endToEndIdOf(CLAIM)}`, `<EndToEndId>${CLAIM}`),
      ),
    ).not.toEqual([]);
    // An element out of order.
    expect(
      await pain001SchemaErrors(
        xml.replace(/<ChrgBr>SLEV<\/ChrgBr>/, '').replace('<Dbtr>', '<ChrgBr>SLEV</ChrgBr><Dbtr>'),
      ),
    ).not.toEqual([]);
    // A changed amount still fits the schema: the control sums catch it.
    const changed = xml.replace('<InstdAmt Ccy="GBP">99.02<', '<InstdAmt Ccy="GBP">99.20<');
    expect(await pain001SchemaErrors(changed)).toEqual([]);
    expect(pain001TotalsErrors(changed)).toEqual([
      'GrpHdr CtrlSum 2505.00 is not the sum of the amounts',
      'PmtInf 2 CtrlSum 99.02 is not the sum of its amounts',
    ]);
  });

  it('refuses ids that do not fit instead of cutting them', () => {
    expect(() => buildPain001({ ...MESSAGE, messageId: 'M'.repeat(36) })).toThrow(/MsgId/);
  });
});

describe('NACHA', () => {
  it('passes the record-by-record check of the published format', () => {
    const { content, traceNumbers } = buildNacha(ACH);
    expect(nachaErrors(content)).toEqual([]);
    const lines = content.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.every((l) => l.length === 94)).toBe(true);
    // Persons in a PPD batch, companies in a CCD batch.
    expect(lines.filter((l) => l.startsWith('5')).map((l) => l.slice(50, 53))).toEqual([
      'PPD',
      'CCD',
    ]);
    expect(nachaEntries(content)).toEqual([
      expect.objectContaining({
        transactionCode: '22',
        routing: '021000021',
        cents: 12550,
        name: 'ANA LIMA',
      }),
      expect.objectContaining({
        transactionCode: '32',
        routing: '011000015',
        cents: 100000,
        name: 'JOSE NUNEZ',
      }),
      expect.objectContaining({
        transactionCode: '22',
        routing: '026009593',
        cents: 7,
        individualId: 'C3D4E5F60718293',
      }),
    ]);
    expect(traceNumbers).toEqual(['021000020000001', '021000020000002', '021000020000003']);
    // Entry hash: the 8-digit routing numbers added up (02100002 + 01100001 = 03200003).
    const ppdControl = lines.find((l) => l.startsWith('8'));
    expect(ppdControl?.slice(10, 20)).toBe('0003200003');
    expect(lines.at(-1)).toBe('9'.repeat(94));
  });

  it('fails the check when a field is tampered with', () => {
    const { content } = buildNacha(ACH);
    const entry = content.split('\n').find((l) => l.startsWith('6')) ?? '';
    // A changed amount: the batch and file totals no longer add up.
    const amount = entry.slice(0, 29) + '0000012650' + entry.slice(39);
    expect(nachaErrors(content.replace(entry, amount))).toEqual(
      expect.arrayContaining([expect.stringMatching(/total credit mismatch/)]),
    );
    // A changed routing digit: its check digit fails, and the entry hash with it.
    const routing = entry.slice(0, 3) + '021000031' + entry.slice(12);
    const errors = nachaErrors(content.replace(entry, routing));
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/check digit fails/),
        expect.stringMatching(/entry hash mismatch/),
      ]),
    );
    // A record cut short.
    expect(nachaErrors(content.replace(entry, entry.slice(0, 93)))).toEqual(
      expect.arrayContaining([expect.stringMatching(/93 characters/)]),
    );
    // The padding dropped.
    expect(nachaErrors(content.replace(/(9{94}\n)+$/, ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/multiple of 10/)]),
    );
  });

  it('spells names as pain.001 does, upper-case: ß, Ø and Ł as letters, never a space', () => {
    const [person, other, company] = ACH.entries as [AchCredit, AchCredit, AchCredit];
    const entries = [
      { ...person, name: 'Jürgen Groß' },
      { ...other, name: 'Søren Łukasiewicz' },
      { ...company, name: 'Œuvre Ørsted & Cie' },
    ];
    const { content } = buildNacha({ ...ACH, entries });
    expect(nachaErrors(content)).toEqual([]);
    expect(nachaEntries(content).map((e) => e.name)).toEqual([
      'JURGEN GROSS',
      'SOREN LUKASIEWICZ',
      'OEUVRE ORSTED & CIE', // NACHA's set keeps the ampersand SEPA spells as +
    ]);
    // One transliteration for both files: the SEPA text upper-cased, where both sets agree.
    const name = 'Łukasz Żółć-Straße Þór';
    expect(alpha(name, 30)).toBe(sepaText(name).toUpperCase().padEnd(30, ' '));
    // What has no Latin spelling is still a space, as NACHA's printable ASCII asks.
    expect(alpha('Иван 7', 8)).toBe('     7  ');
  });

  it('refuses a routing number whose check digit is wrong', () => {
    const entries = [{ ...ACH.entries[0]!, routingNumber: '021000022' }];
    expect(() => buildNacha({ ...ACH, entries })).toThrow(/routing number 021000022/);
  });

  it('agrees with the ABA golden vectors, as the independent check does', () => {
    const { vectors } = JSON.parse(
      readFileSync(join(REPO_ROOT, 'tests/fixtures/vectors/aba.json'), 'utf8'),
    ) as { vectors: { value: string; valid: boolean }[] };
    for (const { value, valid } of vectors) {
      expect(abaCheckDigitValid(value), value).toBe(valid);
      expect(abaValid(value), value).toBe(valid);
    }
  });
});

describe('amounts', () => {
  it('writes an amount with its currency minor units, exactly', () => {
    expect(inMinorUnits('115.5900', 'EUR')).toBe('115.59');
    expect(inMinorUnits('19366.0000', 'JPY')).toBe('19366');
    expect(inMinorUnits('1.2350', 'BHD')).toBe('1.235');
    expect(() => inMinorUnits('1.2350', 'EUR')).toThrow(/more than 2 decimals/);
    expect(() => inMinorUnits('0.0000', 'EUR')).toThrow(/not a positive amount/);
    expect(sumOf(['0.10', '0.20', '1000000000.7'])).toBe('1000000001.00');
  });
});
