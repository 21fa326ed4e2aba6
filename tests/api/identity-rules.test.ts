// Which identity numbers a person gives follows the residency's country rule (identity): SSN or
// ITIN in the US, a national tax number with its check digits elsewhere, never a US number abroad.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import {
  latestOtp,
  PERSON,
  registeredUser,
  startTestApp,
  US_ADDRESS,
  type TestApp,
} from './support/harness';

type FieldError = { path: string; keyword: string; messageKey: string };
type Person = Record<string, string>;

const FR_ADDRESS = {
  countryCode: 'FR',
  addressLine1: '8 rue de la Paix',
  locality: 'Paris',
  postalCode: '75002',
  addressType: 'RESIDENTIAL',
};

describe.each(DATABASE_KINDS)('identity numbers by residency on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => server?.close());

  async function verifiedUser() {
    const user = await registeredUser(server.app);
    await user.browser.api('POST', '/me/verify/otp', {});
    await user.browser.api('PUT', '/me/verify', { otp: await latestOtp(server.app, user.email) });
    const save = (person: Person, address: Record<string, string> = FR_ADDRESS) =>
      user.browser.api<{ person: Person }>('PATCH', '/me', {
        profileType: 'PERSON',
        person,
        addresses: [address],
      });
    return { ...user, save };
  }

  it('asks a French resident for the numéro fiscal, checked, and never for a US SSN', async () => {
    const user = await verifiedUser();
    const french = { ...PERSON, residency: 'FR', ssn: undefined } as unknown as Person;

    const withSsn = await user.save({ ...french, ssn: '123-45-6789' });
    expect(withSsn.status).toBe(400);
    expect(withSsn.body.errors).toContainEqual(
      expect.objectContaining({ path: '/person/ssn', keyword: 'additionalProperties' }),
    );

    const mistyped = await user.save({ ...french, tin: '30 23 217 600 054' });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.errors as FieldError[]).toContainEqual(
      expect.objectContaining({ path: '/person/tin', keyword: 'taxId', messageKey: 'tin.fr' }),
    );

    const saved = await user.save({ ...french, tin: '30 23 217 600 053' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.person).toMatchObject({ residency: 'FR', tin: '•••• 0053' });
  });

  it('asks a US resident for an SSN or ITIN and no separate tax number', async () => {
    const user = await verifiedUser();
    const itin = await user.save({ ...PERSON, ssn: '912-70-1234' }, US_ADDRESS);
    expect(itin.status, JSON.stringify(itin.body)).toBe(200);
    const never = await user.save({ ...PERSON, ssn: '666-12-3456' }, US_ADDRESS);
    expect(never.body.errors).toContainEqual(
      expect.objectContaining({ path: '/person/ssn', keyword: 'pattern' }),
    );
    const tin = await user.save({ ...PERSON, tin: '12-3456789' }, US_ADDRESS);
    expect(tin.body.errors).toContainEqual(
      expect.objectContaining({ path: '/person/tin', keyword: 'additionalProperties' }),
    );
  });

  it('drops the stored SSN when the person moves abroad instead of refusing the save', async () => {
    const user = await verifiedUser();
    expect((await user.save(PERSON, US_ADDRESS)).status).toBe(200);
    // The form sends the residency's fields only; the stored SSN no longer applies.
    const { ssn: _ssn, ...rest } = PERSON;
    const moved = await user.save(
      { ...rest, residency: 'DE', tin: '86 095 742 719' },
      {
        countryCode: 'DE',
        addressLine1: 'Unter den Linden 1',
        locality: 'Berlin',
        postalCode: '10117',
        addressType: 'RESIDENTIAL',
      },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.person).not.toHaveProperty('ssn');
    expect(moved.body.data.person.tin).toBe('•••• 2719');
  });
});
