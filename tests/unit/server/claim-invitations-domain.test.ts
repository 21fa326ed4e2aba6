// A new claim and its invitation without HTTP (issue 30): domain/claim-invitations.ts creates the
// claim in a currency of the rate table, audits it with the admin key's name and mails the
// recipient a link: the register page for a newcomer, the portal for an email with an account, on
// the merchant's own portal. The account is registered through the API as in life; the mails are
// read in the development outbox and the audit through its domain function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/domain/admin-audit';
import {
  createClaimWithInvitation,
  type ClaimInvitationDeps,
} from '../../../src/server/domain/claim-invitations';
import {
  outbox,
  registeredUser,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../api/support/harness';

const ACTOR = 'admin:claims-desk';
const PUBLIC_URL = 'http://localhost:8080';

describe('domain/claim-invitations', () => {
  let t: TestApp;
  let deps: ClaimInvitationDeps;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    deps = t.app.deps;
  });
  afterAll(async () => t?.close());

  it('invites a newcomer to register for the claim, and audits the creation', async () => {
    const email = uniqueEmail('newcomer');
    const created = await createClaimWithInvitation(
      deps,
      { email, amount: '42.10', currency: 'USD' },
      ACTOR,
      'localhost',
    );
    expect(created.claim).toMatchObject({
      status: 'CLAIM_CREATED',
      amount: '42.10',
      currency: 'USD',
    });
    expect(created.inviteUrl).toBe(`${PUBLIC_URL}/auth/register?claim_id=${created.claim.id}`);
    expect(created.tokenId).toEqual(expect.any(String));

    const mails = await outbox(t.app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(created.inviteUrl);

    const [audit] = await auditLog(deps.db, { subject: created.claim.id });
    expect(audit).toMatchObject({
      actor: ACTOR,
      action: 'claim.create',
      detail: { amount: '42.10', currency: 'USD', merchantId: 'demo' },
    });
  });

  it('sends an email with an account to the portal and gives the claim to that account', async () => {
    const user = await registeredUser(t.app);
    const created = await createClaimWithInvitation(
      deps,
      { email: user.email, amount: '7.00', currency: 'USD' },
      ACTOR,
      'localhost',
    );
    expect(created.inviteUrl).toBe(`${PUBLIC_URL}/`);
    expect((await outbox(t.app, user.email))[0]!.text).toContain(`${PUBLIC_URL}/`);
    expect((await outbox(t.app, user.email))[0]!.text).not.toContain('/auth/register');
    const listed = await user.browser.api<{ id: string }[]>('GET', '/claims');
    expect(listed.body.data.map((c) => c.id)).toContain(created.claim.id);
  });

  it('names the merchant by the request, else by the host, and links to its own portal', async () => {
    const byId = await createClaimWithInvitation(
      deps,
      { email: uniqueEmail('named'), amount: '1.00', currency: 'USD', merchantId: 'nightfall' },
      ACTOR,
      'localhost',
    );
    expect(byId.inviteUrl).toMatch(/^http:\/\/dark\.localhost:8080\/auth\/register\?/);
    const byHost = await createClaimWithInvitation(
      deps,
      { email: uniqueEmail('hosted'), amount: '1.00', currency: 'USD' },
      ACTOR,
      'nightfall.localhost',
    );
    expect(byHost.inviteUrl).toMatch(/^http:\/\/dark\.localhost:8080\//);
    for (const { claim } of [byId, byHost])
      expect((await auditLog(deps.db, { subject: claim.id }))[0]?.detail).toMatchObject({
        merchantId: 'nightfall',
      });
  });

  it('refuses a currency outside the rate table and creates and sends nothing', async () => {
    const email = uniqueEmail('refused');
    await expect(
      createClaimWithInvitation(
        deps,
        { email, amount: '5.00', currency: 'XXX' },
        ACTOR,
        'localhost',
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^UnsupportedCurrency/),
    });
    expect(await outbox(t.app, email)).toEqual([]);
  });
});
