// The payout methods domain module without HTTP (issue 30): the user is set up through the API as
// in life (and put on hold by the operator's admin route), then domain/payout-methods is called
// directly, the way its routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payoutMethodsDomain,
  type PayoutMethodsDomain,
} from '../../../src/server/domain/payout-methods';
import {
  activatedUser,
  admin,
  latestOtp,
  registeredUser,
  startTestApp,
  type TestApp,
} from '../../api/support/harness';
import { DATABASE_KINDS } from '../../api/support/databases';
import { US_ACH } from '../../fixtures/payout-methods';

const ACH = { ...US_ACH, nickname: 'Checking' };
const ZELLE = {
  tokenType: 'ZELLE_EMAIL',
  email: 'ana.zelle@example.com',
  phone: '+14155550123',
  firstName: 'Ana',
  lastName: 'Lima',
};

/** The method's own object (bankAccount, zelle, ...), as the portal reads it. */
const detailsOf = (method: object) =>
  Object.values(method).find((v): v is { id: string; preferred: boolean } =>
    Boolean(v && typeof v === 'object' && 'id' in v),
  ) ?? { id: '', preferred: false };

describe.each(DATABASE_KINDS)('domain/payout-methods on %s', (kind) => {
  let t: TestApp;
  let methods: PayoutMethodsDomain;
  beforeAll(async () => {
    t = await startTestApp(kind);
    methods = payoutMethodsDomain(t.app.deps);
  });
  afterAll(async () => t?.close());

  it('limits PayPal, Zelle and paper checks to one each, bank accounts not at all', async () => {
    const { profileId } = await activatedUser(t.app);
    for (const nickname of ['One', 'Two', 'Three'])
      await methods.addBankAccount(profileId, { ...ACH, nickname }, null);
    await methods.addZelle(profileId, ZELLE);
    await expect(methods.addZelle(profileId, ZELLE)).rejects.toThrow(
      /^MaxCountReached: you can have one Zelle token/,
    );
    await methods.addPhysicalCheck(profileId, {});
    await expect(methods.addPhysicalCheck(profileId, {})).rejects.toThrow(
      /^MaxCountReached: you can have one paper check/,
    );
    const available = await methods.availableTypes(profileId);
    const types = available.data.map((a) => a.type);
    expect(types).not.toContain('ZELLE');
    expect(types).not.toContain('PHYSICAL_CHECK');
    expect(available.data.find((a) => a.type === 'ACH')).toEqual({
      type: 'ACH',
      maxCount: null,
      count: 3,
    });
    // The one Zelle token removed, another may be added.
    await methods.removeZelle(profileId);
    expect((await methods.addZelle(profileId, ZELLE)).type).toBe('ZELLE');
  });

  it("refuses what the profile's status does not allow", async () => {
    const registered = await registeredUser(t.app);
    await expect(methods.addBankAccount(registered.profileId, ACH, null)).rejects.toThrow(
      /^ProfileNotActivated/,
    );
    await expect(methods.addZelle(registered.profileId, ZELLE)).rejects.toThrow(
      /^ProfileNotActivated/,
    );

    const held = await activatedUser(t.app);
    const account = await methods.addBankAccount(held.profileId, ACH, null);
    const moved = await admin(t.app, 'PUT', `/profiles/${held.profileId}/status`, {
      status: 'ON_HOLD',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // On hold a method may still be added, but none deleted.
    await methods.addPhysicalCheck(held.profileId, {});
    await expect(methods.removeBankAccount(held.profileId, detailsOf(account).id)).rejects.toThrow(
      /^ProfileOnHold/,
    );
    expect(await methods.list(held.profileId)).toHaveLength(2);
  });

  it('answers numbers masked only, and keeps those not sent again', async () => {
    const { profileId } = await activatedUser(t.app);
    const added = await methods.addBankAccount(profileId, { ...ACH, nickname: 'Main' }, null);
    expect(added).toMatchObject({
      type: 'ACH',
      bankAccount: {
        accountNumber: '•••• 6789',
        routingNumber: '•••• 0015',
        nickname: 'Main',
        countryCode: 'US',
      },
      currencies: ['USD'],
    });
    const id = detailsOf(added).id;
    // Edited without the numbers: the stored ones stay, still answered masked.
    const { accountNumber: _a, accountNumberConfirmation: _c, routingNumber: _r, ...rest } = ACH;
    const edited = await methods.changeBankAccount(
      profileId,
      id,
      { ...rest, nickname: 'Renamed' },
      null,
    );
    expect(edited).toMatchObject({
      bankAccount: { nickname: 'Renamed', accountNumber: '•••• 6789', routingNumber: '•••• 0015' },
    });
    const listed = JSON.stringify(await methods.list(profileId));
    expect(listed).not.toContain('123456789');
    expect(listed).not.toContain('011000015');
  });

  it('switches the preferred method, never to a Zelle token awaiting its code', async () => {
    const { profileId } = await activatedUser(t.app);
    const first = detailsOf(await methods.addBankAccount(profileId, ACH, null)).id;
    const second = detailsOf(await methods.addBankAccount(profileId, ACH, null)).id;
    const preferredOf = async () =>
      (await methods.list(profileId)).map(detailsOf).filter((m) => m.preferred);
    // The first usable method became preferred; adding another did not change that.
    expect((await preferredOf()).map((m) => m.id)).toEqual([first]);
    await methods.prefer(profileId, second);
    expect((await preferredOf()).map((m) => m.id)).toEqual([second]);

    const zelle = detailsOf(await methods.addZelle(profileId, ZELLE)).id;
    await expect(methods.prefer(profileId, zelle)).rejects.toThrow(/^PaymentMethodNotUsable/);
    await methods.sendZelleCode(profileId, undefined, 'localhost');
    const verified = await methods.verifyZelle(profileId, await latestOtp(t.app, ZELLE.email));
    expect(verified).toMatchObject({ zelle: { status: 'ACTIVE', preferred: false } });
    await methods.prefer(profileId, zelle);
    expect((await preferredOf()).map((m) => m.id)).toEqual([zelle]);

    // Removing the preferred one hands it to the newest usable method.
    await methods.removeZelle(profileId);
    expect((await preferredOf()).map((m) => m.id)).toEqual([second]);
  });
});
