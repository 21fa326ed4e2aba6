// Journey (5) of issue 6: a minor (claim from the admin API) completes the profile, learns that a
// guardian must agree and invites one; the guardian registers from the emailed link, completes
// their own profile, consents on /settings/guardian-consent/{minorId}; the minor then passes the
// identity check and reaches the dashboard. The first invitation goes to a mistyped address: the
// minor corrects it from the dashboard's notice (issue 28), and the old link is withdrawn.
import { describe, expect, inject, it } from 'vitest';
import { registeredUser, uniqueEmail } from '../support/api';
import { browserForFile, signInThroughPortal } from '../support/browser';
import {
  completeProfile,
  field,
  named,
  passIdentityCheck,
  picture,
  registerFromInvitation,
  see,
  textsOf,
  verifyAccount,
} from '../support/ui';

const { newPage } = browserForFile();
const base = () => `http://localhost:${inject('e2ePort')}`;
const t = textsOf('en');

/** The link of the newest message to the address, waiting for it to arrive. */
async function mailedLink(email: string, path: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await fetch(
        `${base()}/master/dev/v1/outbox?to=${encodeURIComponent(email)}`,
      );
      const { data } = (await response.json()) as { data: { text: string }[] };
      link =
        data.map((m) => /https?:\/\/\S+/.exec(m.text)?.[0] ?? '').find((l) => path.test(l)) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

describe('guardian journey (browser)', () => {
  it('(5) a minor invites a guardian, the guardian consents, the minor continues', async () => {
    const minor = await registeredUser(uniqueEmail('minor'));
    const guardianEmail = uniqueEmail('guardian');
    const mistyped = guardianEmail.replace('@', '@x');
    const minorPage = await newPage();
    await signInThroughPortal(minorPage, base(), minor.email);
    await verifyAccount(minorPage, t, minor.email);
    // Sixteen years old: the profile saves, and a guardian must agree before anything else.
    const dob = new Date();
    dob.setFullYear(dob.getFullYear() - 16);
    await completeProfile(minorPage, t, {
      kind: 'PERSON',
      firstName: 'Leo',
      lastName: 'Lima',
      dob: dob.toISOString().slice(0, 10),
      ssn: '123-45-6780',
    });
    const invite = minorPage.getByRole('region', { name: t.common('registration.minor.title') });
    await see(invite).toBeVisible();
    await see(
      minorPage.getByRole('button', { name: named(t.common('registration.details.continue')) }),
    ).toHaveCount(0);
    await field(invite, t.field('firstName')).fill('Maria');
    await field(invite, t.field('lastName')).fill('Lima');
    await field(invite, t.field('guardianEmail')).fill(mistyped);
    await field(invite, t.field('relationship')).selectOption('PARENT');
    await picture(minorPage, 'en-guardian-invite');
    await invite.getByRole('button', { name: named(t.common('guardians.invite.submit')) }).click();
    await minorPage.waitForURL(/\/dashboard$/);
    await see(minorPage.getByText(t.common('guardians.notice.title'))).toBeVisible();
    await see(minorPage.getByText(mistyped).first()).toBeVisible();
    const oldLink = await mailedLink(mistyped, /\/auth\/register\?user_id=/);

    // The address was mistyped: corrected from the notice, the invitation goes out again.
    await minorPage
      .getByRole('button', {
        name: named(t.common('guardians.correct.actionFor', { who: 'Maria Lima' })),
      })
      .click();
    const correction = minorPage.getByRole('region', { name: t.common('guardians.correct.title') });
    // The form loads with the invitation as it was sent, ready to be corrected.
    await see(field(correction, t.field('guardianEmail'))).toBeVisible();
    expect(await field(correction, t.field('guardianEmail')).inputValue()).toBe(mistyped);
    await field(correction, t.field('guardianEmail')).fill(guardianEmail);
    await correction
      .getByRole('button', { name: named(t.common('guardians.correct.submit')) })
      .click();
    await see(
      minorPage.getByText(
        t.common('guardians.correct.sentToNameEmail', { name: 'Maria Lima', email: guardianEmail }),
      ),
    ).toBeVisible();
    await see(minorPage.getByText(mistyped)).toHaveCount(0);
    await picture(minorPage, 'en-guardian-waiting-dashboard');
    // The mistyped address's link no longer opens anything.
    const oldToken = new URL(oldLink).searchParams.get('user_id') ?? '';
    const refused = await fetch(`${base()}/master/funnel/v1/tokens/${oldToken}`);
    expect(refused.status).toBe(410);

    // The guardian: registers from the emailed link, sets up their own account, then decides.
    const guardianPage = await newPage();
    const link = await mailedLink(guardianEmail, /\/auth\/register\?user_id=/);
    await registerFromInvitation(guardianPage, t, guardianEmail, link);
    // Verified with a minor waiting: the dashboard says who asks and leads to the own profile.
    await verifyAccount(guardianPage, t, guardianEmail, /\/dashboard$/);
    await see(
      guardianPage.getByText(t.common('guardians.setup.title', { names: 'Leo Lima' })),
    ).toBeVisible();
    await picture(guardianPage, 'en-guardian-setup-notice');
    await guardianPage
      .getByRole('link', { name: named(t.common('guardians.setup.action')) })
      .click();
    await guardianPage.waitForURL(/\/registration$/);
    await completeProfile(guardianPage, t, {
      kind: 'PERSON',
      firstName: 'Maria',
      lastName: 'Lima',
      dob: '1980-02-03',
      ssn: '123-45-6781',
    });
    await guardianPage
      .getByRole('button', { name: named(t.common('registration.details.continue')) })
      .click();
    // ACTIVATED with a minor lacking consent: the root flow opens that minor's consent page.
    await guardianPage.waitForURL(/\/settings\/guardian-consent\/[0-9a-f-]{36}$/);
    await see(guardianPage.getByText('Leo Lima').first()).toBeVisible();
    await picture(guardianPage, 'en-guardian-consent');
    await guardianPage
      .getByRole('button', { name: named(t.common('guardians.consent.confirm')) })
      .click();
    await see(
      guardianPage.getByText(t.common('guardians.consent.result.consented', { name: 'Leo Lima' })),
    ).toBeVisible();
    await picture(guardianPage, 'en-guardian-consented');
    await guardianPage
      .getByRole('link', { name: named(t.common('guardians.consent.dashboard')) })
      .click();
    await guardianPage.waitForURL(/\/dashboard$/);

    // The minor, VERIFIED now, finishes account setup.
    await minorPage.goto(`${base()}/`);
    await minorPage.waitForURL(/\/registration$/);
    await see(
      minorPage.getByRole('button', { name: named(t.common('registration.details.continue')) }),
    ).toBeEnabled();
    await passIdentityCheck(minorPage, t);
    await see(minorPage.getByText(t.common('guardians.notice.title'))).toHaveCount(0);
  }, 180_000);
});
