// Payment files (issue 31 point 4): a day of claims accepted the way recipients accept them (payout
// method added, one-time code, accept) with the demo merchant, exported through the admin API as a
// NACHA ACH file and an ISO 20022 pain.001 file; the files pass the official XSD and the
// independent NACHA check, a tampered field fails them; each claim once, a re-export audited;
// what is exported is the destination sealed at acceptance, never the payout method's row.
import { openDayFrom } from '../../src/server/services/banking-calendars';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, paymentMethods, paymentExports } from '../../src/server/db/schema';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  ADMIN_KEY,
  latestOtp,
  startTestApp,
  US_ADDRESS,
  uniqueEmail,
  type TestApp,
} from './support/harness';
import {
  nachaEntries,
  nachaErrors,
  pain001SchemaErrors,
  pain001TotalsErrors,
} from '../support/payment-file-checks';
import { DEBIT_CARD as CARD } from '../fixtures/payout-methods';

type User = Awaited<ReturnType<typeof activatedUser>>;
type Method = Record<string, { id: string } | string>;

interface PaymentFile {
  id: string;
  format: 'pain.001' | 'nacha';
  fileName: string;
  content: string;
  transactions: number;
  totals: { currency: string; amount: string }[];
}
interface ExportAnswer {
  files: PaymentFile[];
  exported: {
    claimId: string;
    format: string;
    fileId: string;
    reference: string;
    reexport: boolean;
  }[];
  notExported: { claimId: string; type: string; reason: string; detail: string }[];
}

const ACH_CHECKING = {
  countryCode: 'US',
  transferMethod: 'ACH',
  nickname: 'Checking',
  accountType: 'CHECKING',
  routingNumber: '021000021',
  accountNumber: '123456789',
  accountNumberConfirmation: '123456789',
};
const ACH_SAVINGS = {
  ...ACH_CHECKING,
  nickname: 'Savings',
  accountType: 'SAVINGS',
  routingNumber: '011000015',
  accountNumber: '0009876543210',
  accountNumberConfirmation: '0009876543210',
};
const US_WIRE = {
  countryCode: 'US',
  transferMethod: 'WIRE',
  nickname: 'Wire',
  routingNumber: '026009593',
  accountNumber: '000123456789',
  accountNumberConfirmation: '000123456789',
  bankName: 'Bank of America',
};
const DE_IBAN = {
  countryCode: 'DE',
  transferMethod: 'WIRE',
  nickname: 'Girokonto',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'DEUTDEFF',
};
const GB_ACCOUNT = {
  countryCode: 'GB',
  transferMethod: 'WIRE',
  nickname: 'Salary',
  sortCode: '083210',
  accountNumber: '12001039',
  accountNumberConfirmation: '12001039',
  addressLine1: '12 Harbour Road',
  addressCity: 'Capital City',
  addressCountryCode: 'GB',
};

describe.each(DATABASE_KINDS)('payment files on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  async function exportFiles(body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/payment-files',
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: body,
    });
    return {
      status: response.statusCode,
      body: response.json() as { data: ExportAnswer; message?: string },
    };
  }

  /** Adds the payout method and accepts the user's claim to it with the mailed code. */
  async function accept(user: User, path: string, method: object, targetCurrency?: string) {
    const added = await user.browser.api<Method>('POST', `/payment-methods/${path}`, method);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const nested = Object.values(added.body.data).find((v) => typeof v === 'object');
    const paymentMethodId = (nested as { id: string }).id;
    const asked = await user.browser.api('POST', `/claims/${user.claimId}/accept/otp`, {
      claimId: user.claimId,
      prefix: '1234',
      paymentMethodId,
      ...(targetCurrency ? { targetCurrency } : {}),
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const accepted = await user.browser.api<{ status: string; targetAmount: string }>(
      'PUT',
      `/claims/${user.claimId}/accept`,
      {
        otp: await latestOtp(t.app, user.email),
        paymentMethodId,
        ...(targetCurrency ? { targetCurrency } : {}),
      },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe('PAYMENT_IN_PROGRESS');
    // What the file must pay: the amount in the target currency, as accepted.
    return { claimId: user.claimId, paymentMethodId, amount: accepted.body.data.targetAmount };
  }

  async function companyUser(): Promise<User> {
    const user = await activatedUser(t.app);
    const saved = await user.browser.api('PATCH', '/me', {
      profileType: 'COMPANY',
      company: { name: 'Lima Holdings LLC', residency: 'US', tin: '12-3456789' },
      addresses: [US_ADDRESS],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const proofed = await user.browser.api<{ status: string }>('POST', '/id-proofing/start');
    expect(proofed.body.data.status).toBe('ACTIVATED');
    return user;
  }

  it("exports a day's accepted claims as a NACHA file and a pain.001 file that pass their checks", async () => {
    const since = new Date().toISOString();
    const ach = await accept(await activatedUser(t.app), 'bank-accounts', ACH_CHECKING);
    const company = await accept(await companyUser(), 'bank-accounts', ACH_SAVINGS);
    const sepa = await accept(await activatedUser(t.app), 'bank-accounts', DE_IBAN, 'EUR');
    const pounds = await accept(await activatedUser(t.app), 'bank-accounts', GB_ACCOUNT, 'GBP');
    const wire = await accept(await activatedUser(t.app), 'bank-accounts', US_WIRE);
    const card = await accept(await activatedUser(t.app), 'debit-card', CARD);
    const check = await accept(await activatedUser(t.app), 'physical-checks', { preferred: true });
    const until = new Date(Date.now() + 1000).toISOString();

    // The ACH file first: the other claims are listed with the reason they are not in it.
    const first = await exportFiles({ format: 'nacha', since, until });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [achFile] = first.body.data.files;
    expect(first.body.data.files).toHaveLength(1);
    expect(achFile?.format).toBe('nacha');
    expect(nachaErrors(achFile?.content ?? '')).toEqual([]);
    const entries = nachaEntries(achFile?.content ?? '');
    expect(entries).toEqual([
      expect.objectContaining({
        transactionCode: '22',
        routing: '021000021',
        account: '123456789',
        cents: 12550,
        name: 'ANA LIMA',
      }),
      expect.objectContaining({
        transactionCode: '32',
        routing: '011000015',
        account: '0009876543210',
        cents: 12550,
        name: 'LIMA HOLDINGS LLC',
      }),
    ]);
    // Persons in a PPD batch, the company in a CCD batch.
    const batches = (achFile?.content ?? '').split('\n').filter((l) => l.startsWith('5'));
    expect(batches.map((b) => b.slice(50, 53))).toEqual(['PPD', 'CCD']);
    // Credited on the next FedACH settlement day (weekends and Federal Reserve holidays skipped).
    const settles = openDayFrom('FEDACH', new Date().toISOString().slice(0, 10), true);
    expect(batches.map((b) => b.slice(69, 75))).toEqual(
      Array(2).fill(settles.slice(2).replace(/-/g, '')),
    );
    expect(entries[0]?.individualId).toBe(ach.claimId.replace(/-/g, '').slice(0, 15).toUpperCase());
    expect(first.body.data.exported.map((e) => [e.claimId, e.reference])).toEqual([
      [ach.claimId, entries[0]?.trace],
      [company.claimId, entries[1]?.trace],
    ]);
    const reasons = Object.fromEntries(
      first.body.data.notExported.map((n) => [n.claimId, [n.type, n.reason]]),
    );
    expect(reasons).toEqual({
      [sepa.claimId]: ['WIRE', 'OTHER_FORMAT'],
      [pounds.claimId]: ['WIRE', 'OTHER_FORMAT'],
      [wire.claimId]: ['WIRE', 'OTHER_FORMAT'],
      [card.claimId]: ['DEBIT_CARD', 'NOT_A_BANK_TRANSFER'],
      [check.claimId]: ['PHYSICAL_CHECK', 'NOT_A_BANK_TRANSFER'],
    });

    // Then every format: only the claims not exported yet, in the pain.001 file.
    const second = await exportFiles({ since, until });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.files.map((f) => f.format)).toEqual(['pain.001']);
    const xml = second.body.data.files[0]?.content ?? '';
    expect(await pain001SchemaErrors(xml)).toEqual([]);
    expect(pain001TotalsErrors(xml)).toEqual([]);
    // SEPA for euros to the IBAN, with the amount accepted in euros.
    expect(xml).toContain('<SvcLvl><Cd>SEPA</Cd></SvcLvl>');
    expect(xml).toContain(
      `<EndToEndId>${sepa.claimId.replace(/-/g, '')}</EndToEndId><UETR>${sepa.claimId}</UETR></PmtId><Amt><InstdAmt Ccy="EUR">${sepa.amount}</InstdAmt>`,
    );
    expect(xml).toContain('<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>');
    expect(xml).toContain(
      '<Cdtr><Nm>Ana Lima</Nm><PstlAdr><PstCd>10118</PstCd><TwnNm>New York</TwnNm><CtrySubDvsn>NY</CtrySubDvsn><Ctry>US</Ctry><AdrLine>350 Fifth Avenue</AdrLine></PstlAdr></Cdtr>',
    );
    // Cross-border: pounds by sort code, with the address given with the account; dollars by wire.
    expect(xml).toContain(`<InstdAmt Ccy="GBP">${pounds.amount}</InstdAmt>`);
    expect(xml).toContain('<ClrSysId><Cd>GBDSC</Cd></ClrSysId><MmbId>083210</MmbId>');
    expect(xml).toContain('<Othr><Id>12001039</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>');
    expect(xml).toContain(
      '<TwnNm>Capital City</TwnNm><Ctry>GB</Ctry><AdrLine>12 Harbour Road</AdrLine>',
    );
    expect(xml).toContain('<ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>026009593</MmbId>');
    // The debtor is the merchant, from its payer configuration.
    expect(xml).toContain('<Dbtr><Nm>Acme Refunds Inc.</Nm>');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
    expect(second.body.data.exported.map((e) => e.claimId).sort()).toEqual(
      [sepa.claimId, pounds.claimId, wire.claimId].sort(),
    );
    expect(
      second.body.data.notExported
        .filter((n) => n.reason === 'ALREADY_EXPORTED')
        .map((n) => n.claimId)
        .sort(),
    ).toEqual([ach.claimId, company.claimId].sort());

    // A tampered field fails the checks.
    const entry = (achFile?.content ?? '').split('\n').find((l) => l.startsWith('6')) ?? '';
    const moreMoney = `${entry.slice(0, 29)}0000099999${entry.slice(39)}`;
    expect(nachaErrors((achFile?.content ?? '').replace(entry, moreMoney))).toEqual(
      expect.arrayContaining([expect.stringMatching(/total credit mismatch/)]),
    );
    const otherBank = `${entry.slice(0, 3)}021000031${entry.slice(12)}`;
    expect(nachaErrors((achFile?.content ?? '').replace(entry, otherBank))).toEqual(
      expect.arrayContaining([expect.stringMatching(/check digit fails/)]),
    );
    expect(
      await pain001SchemaErrors(xml.replace(`EUR">${sepa.amount}<`, `EUR">${sepa.amount}12345<`)),
    ).not.toEqual([]);
    expect(pain001TotalsErrors(xml.replace(`EUR">${sepa.amount}<`, 'EUR">1.00<'))).not.toEqual([]);

    // The exports are recorded: one row per claim, its file and reference.
    const rows = await t.database.db
      .select()
      .from(paymentExports)
      .where(eq(paymentExports.claimId, sepa.claimId));
    expect(rows).toEqual([
      expect.objectContaining({
        fileId: second.body.data.files[0]?.id,
        format: 'pain.001',
        reference: sepa.claimId.replace(/-/g, ''),
        reexport: false,
        actor: expect.stringMatching(/^admin:/),
      }),
    ]);
  });

  it('exports a claim once; again only when asked, and audited', async () => {
    const user = await activatedUser(t.app, uniqueEmail('again'));
    const since = new Date().toISOString();
    const { claimId } = await accept(user, 'bank-accounts', DE_IBAN, 'EUR');
    const first = await exportFiles({ format: 'pain.001', since });
    expect(first.body.data.exported.map((e) => e.claimId)).toEqual([claimId]);

    const twice = await exportFiles({ format: 'pain.001', since });
    expect(twice.body.data.files).toEqual([]);
    expect(twice.body.data.notExported).toEqual([
      expect.objectContaining({
        claimId,
        reason: 'ALREADY_EXPORTED',
        detail: `exported in ${first.body.data.files[0]?.id}`,
      }),
    ]);

    const again = await exportFiles({ format: 'pain.001', since, reexport: true });
    expect(again.body.data.exported).toEqual([
      expect.objectContaining({ claimId, reexport: true, reference: claimId.replace(/-/g, '') }),
    ]);
    expect(await pain001SchemaErrors(again.body.data.files[0]?.content ?? '')).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.subject, claimId), eq(adminAudit.action, 'payment-file.reexport')));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'payment-file.reexport',
        actor: expect.stringMatching(/^admin:/),
        detail: expect.objectContaining({
          fileId: again.body.data.files[0]?.id,
          exportedBefore: [first.body.data.files[0]?.id],
        }),
      }),
    ]);
    const records = await t.database.db
      .select()
      .from(paymentExports)
      .where(eq(paymentExports.claimId, claimId));
    expect(records.map((r) => r.reexport).sort()).toEqual([false, true]);
  });

  it('exports the destination sealed at acceptance, whatever happens to the payout method after', async () => {
    const user = await activatedUser(t.app, uniqueEmail('sealed'));
    const since = new Date().toISOString();
    const { claimId, paymentMethodId } = await accept(user, 'bank-accounts', DE_IBAN, 'EUR');
    // The API refuses to edit or delete a method a payment in progress goes to; this change is
    // made behind it on purpose, to show the export never reads the method's row.
    await t.database.db
      .update(paymentMethods)
      .set({ details: { countryCode: 'FR', iban: 'FR14 •••• 2606' }, sealed: null })
      .where(eq(paymentMethods.id, paymentMethodId));
    await t.database.db.delete(paymentMethods).where(eq(paymentMethods.id, paymentMethodId));
    // The person moves after accepting: the file carries the address they accepted with.
    const moved = await user.browser.api('PATCH', '/me', {
      addresses: [
        {
          ...US_ADDRESS,
          addressLine1: '1 Beacon Street',
          city: 'Boston',
          state: 'MA',
          zipCode: '02108',
        },
      ],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const answer = await exportFiles({ format: 'pain.001', since });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const xml = answer.body.data.files[0]?.content ?? '';
    expect(await pain001SchemaErrors(xml)).toEqual([]);
    expect(answer.body.data.exported.map((e) => e.claimId)).toEqual([claimId]);
    expect(xml).toContain('<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>');
    expect(xml).toContain('<AdrLine>350 Fifth Avenue</AdrLine>');
    expect(xml).not.toContain('Beacon');
  });

  it('refuses an export without the admin key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/payment-files',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});
