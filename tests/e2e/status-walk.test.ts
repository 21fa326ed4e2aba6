// The status walk (issue 28): for each profile status, reached as in life (the identity check's
// answers, a guardian's refusal, operations' moves on the admin API), a person with the
// portal in German opens every screen that status reaches, uses every action offered there, and
// every call those actions make is answered 2xx; no English phrase is visible on any screen. A
// second pass in Portuguese reads the mails a person receives along the way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ApiClient } from './support/api';
import {
  activatedUser,
  createClaim,
  guardianDecides,
  latestOtp,
  PERSON,
  registeredUser,
  setProfileStatus,
  uniqueEmail,
  US_ADDRESS,
} from './support/api';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/constants';
import {
  chooseLanguage,
  field,
  mailedCode,
  named,
  picture,
  registerFromInvitation,
  see,
  startsWith,
  textsOf,
  verifyAccount,
  type Texts,
} from './support/ui';
import { US_ACH } from '../fixtures/payout-methods';

const { newPage } = browserForFile();
const base = () => inject('e2eBaseUrl');

type Tree = { [key: string]: string | Tree };
const readLocale = (locale: string, ns: string): Tree =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'locales', locale, `${ns}.json`), 'utf8')) as Tree;
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : leaves(value, `${prefix}${key}.`),
  );

/**
 * English phrases a German screen must not show: the literal parts (between placeholders and
 * markup) of every English string of 12 characters or more whose German text differs, leaving out
 * a part that German also uses somewhere (a brand, a code).
 */
function englishPhrases(other: string): string[] {
  const phrases = new Set<string>();
  for (const ns of ['common', 'fields', 'validation']) {
    const english = leaves(readLocale('en', ns));
    const translated = new Map(leaves(readLocale(other, ns)));
    const allTranslated = [...translated.values()].join('\n');
    for (const [key, text] of english) {
      // Mails are read in the mail pass; the sign-in page's texts are the server's own page.
      if (key.startsWith('mail.')) continue;
      if (translated.get(key) === text) continue;
      for (const part of text.split(/\{\{\s*\w+\s*\}\}|<[^>]*>|\n/)) {
        const phrase = part.trim();
        if (phrase.length >= 12 && !allTranslated.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

const GERMAN_PHRASES = englishPhrases('de');

it('knows the English phrases it looks for', () => {
  expect(GERMAN_PHRASES.length).toBeGreaterThan(300);
  expect(GERMAN_PHRASES).toContain(textsOf('en').common('dashboard.upcoming.empty'));
});

/** Every screen a signed-in person may ask for; the guards send them on where a status may not. */
const SCREENS = [
  '/',
  '/dashboard',
  '/settings',
  '/registration',
  '/registration/personal-info',
  '/registration/company-info',
  '/registration/guardian-consent/rejected',
  '/id-proofing',
  '/bank-account',
  '/paypal',
  '/zelle',
  '/debit-card',
  '/physical-check',
  '/name-match-failed',
  '/relationship-verification-failed',
  '/account-blocked',
];

interface Call {
  method: string;
  url: string;
  status: number;
}

/** Records every write the portal makes (the actions), to check each was answered 2xx. */
function recordWrites(page: Page): Call[] {
  const calls: Call[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    const url = new URL(response.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/master/')) return;
    // The sign-in form answers with a redirect (303) by design.
    if (url.pathname.endsWith('/auth-app/v1/login')) return;
    calls.push({ method: request.method(), url: url.pathname, status: response.status() });
  });
  return calls;
}

async function visibleEnglish(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const text = await page.evaluate(() => document.body.innerText);
  return GERMAN_PHRASES.filter((phrase) => text.includes(phrase));
}

/** Signs in through the portal with German chosen on the start page. */
async function signInInGerman(page: Page, email: string): Promise<void> {
  await page.goto(`${base()}/`);
  await page.waitForURL(/\/auth\/start/);
  await chooseLanguage(page, 'de');
  const t = textsOf('de');
  await page.getByRole('link', { name: t.common('start.signIn') }).click();
  await page.waitForURL(/\/master\/auth-app\/v1\/login\?/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('Sunrise-42-river');
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/master/')),
    page.locator('form [type="submit"]').first().click(),
  ]);
}

type Setup = () => Promise<{ email: string; profileId: string }>;

async function check<T>(label: string, response: { status: number; body: T }) {
  if (response.status >= 300)
    throw new Error(`${label}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** An activated person with a paper check and a bank account, and a second claim waiting. */
async function activatedWithMethods(): Promise<{
  email: string;
  profileId: string;
  client: ApiClient;
}> {
  const user = await activatedUser(uniqueEmail('walk'));
  await check(
    'paper check',
    await user.client.api('POST', '/payment-methods/physical-checks', { preferred: true }),
  );
  await check(
    'bank account',
    await user.client.api('POST', '/payment-methods/bank-accounts', US_ACH),
  );
  await createClaim(user.email, '40.00');
  return { email: user.email, profileId: user.profile.id, client: user.client };
}

/** Through the admin API, one call per step, as an operator walks the state machine. */
const moved =
  (...steps: string[]): Setup =>
  async () => {
    const user = await activatedWithMethods();
    for (const step of steps) await setProfileStatus(user.profileId, step);
    return user;
  };

async function verifiedUser() {
  const user = await registeredUser(uniqueEmail('walk'));
  await user.client.signIn(user.email);
  await check('send code', await user.client.api('POST', '/me/verify/otp', {}));
  await check(
    'verify',
    await user.client.api('PUT', '/me/verify', { otp: await latestOtp(user.email) }),
  );
  return { ...user, profileId: user.profile.id };
}

async function minorWaitingForConsent(guardianEmail = uniqueEmail('walk-guardian')) {
  const user = await verifiedUser();
  const dob = new Date();
  dob.setFullYear(dob.getFullYear() - 16);
  await check(
    'minor profile',
    await user.client.api('PATCH', '/me', {
      profileType: 'PERSON',
      person: { ...PERSON, dob: dob.toISOString().slice(0, 10) },
      addresses: [US_ADDRESS],
    }),
  );
  await check(
    'invite',
    await user.client.api('POST', '/me/guardian/invite', {
      firstName: 'Maria',
      lastName: 'Lima',
      guardianEmail,
      relationship: 'PARENT',
    }),
  );
  return user;
}

/** The identity check's own answer: the simulator decides by the last name. */
const proofedAs =
  (lastName: string): Setup =>
  async () => {
    const user = await activatedUser(uniqueEmail('walk'), { ...PERSON, lastName });
    return { email: user.email, profileId: user.profile.id };
  };

const STATUSES: Record<string, Setup> = {
  CREATED: async () => {
    const user = await registeredUser(uniqueEmail('walk'));
    return { email: user.email, profileId: user.profile.id };
  },
  VERIFIED: verifiedUser,
  ID_PROOFING_PENDING: proofedAs('Pending'),
  ID_PROOFING_FAILED: proofedAs('Fail'),
  NAME_MATCH_FAILED: proofedAs('Mismatch'),
  RELATIONSHIP_VERIFICATION_FAILED: proofedAs('Relationship'),
  RELATIONSHIP_VERIFICATION_FAILED_FINAL: proofedAs('Final'),
  ACTIVATED: moved(),
  // What operations do with the admin API: hold, lock, deactivate.
  ON_HOLD: moved('ON_HOLD'),
  LOCKED: moved('LOCKED'),
  DEACTIVATED: moved('DEACTIVATED'),
  GUARDIAN_CONSENT_PENDING: minorWaitingForConsent,
  GUARDIAN_CONSENT_REJECTED: async () => {
    // The guardian refuses through the invitation link, as in life.
    const guardianEmail = uniqueEmail('walk-guardian');
    const user = await minorWaitingForConsent(guardianEmail);
    const minorStatus = await guardianDecides(user.profileId, guardianEmail, false);
    if (minorStatus !== 'GUARDIAN_CONSENT_REJECTED') throw new Error(`refusal: ${minorStatus}`);
    return user;
  },
};

/**
 * What each status is offered, hence used, on its screens (the status table of
 * src/core/profile/status-actions.ts as a person meets it): the walk fails when an action
 * disappears as surely as when one offered is refused.
 */
const EXPECTED_ACTIONS: Record<string, string[]> = {
  ID_PROOFING_FAILED: ['save details'],
  NAME_MATCH_FAILED: ['save details'],
  RELATIONSHIP_VERIFICATION_FAILED: ['save details'],
  ACTIVATED: [
    'cancel claim',
    'accept claim',
    'prefer payout method',
    'delete payout method',
    'edit profile',
    'save details',
  ],
  ON_HOLD: ['prefer payout method'],
  GUARDIAN_CONSENT_PENDING: ['correct guardian invitation'],
  GUARDIAN_CONSENT_REJECTED: ['correct guardian invitation'],
};

const button = (page: Page, t: Texts, key: string) =>
  page.locator('main').getByRole('button', { name: named(t.common(key)) });

/**
 * Uses every action a screen offers (by its German name): each is carried through to its end,
 * and the walk checks afterwards that every call it made was answered 2xx.
 */
async function takeActions(page: Page, t: Texts, email: string): Promise<string[]> {
  const used: string[] = [];
  const path = new URL(page.url()).pathname;
  if (path === '/dashboard') {
    const cancel = button(page, t, 'dashboard.actions.cancel');
    if (await cancel.count()) {
      await cancel.last().click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: named(t.common('dashboard.cancel.confirm')) })
        .click();
      await see(page.getByText(t.common('dashboard.cancel.success'))).toBeVisible();
      used.push('cancel claim');
    }
    const accept = button(page, t, 'dashboard.actions.accept');
    if (await accept.count()) {
      await accept.first().click();
      const since = Date.now();
      await button(page, t, 'dashboard.accept.continue').click();
      const code = await mailedCode(email, since);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t.common('codeDialog.codeLabel')).fill(code.otp);
      await dialog.getByRole('button', { name: named(t.common('codeDialog.confirm')) }).click();
      await see(page.getByText(t.common('dashboard.accept.success'))).toBeVisible();
      used.push('accept claim');
    }
  }
  // A minor whose invitation is stuck corrects it and sends it again (the notice on the dashboard,
  // the page of a refused consent).
  const correct = page.locator('main').getByRole('button', {
    name: startsWith(t.common('guardians.correct.actionFor', { who: '' })),
  });
  const resendForm = path.endsWith('/guardian-consent/rejected')
    ? page.locator('main')
    : (await correct.count())
      ? (await correct.first().click(), page.locator('main'))
      : null;
  if (resendForm) {
    const corrected = uniqueEmail('walk-guardian-corrected');
    await field(resendForm, t.field('guardianEmail')).fill(corrected);
    await resendForm
      .getByRole('button', { name: named(t.common('guardians.correct.submit')) })
      .click();
    await see(page.getByText(corrected).first()).toBeVisible();
    used.push('correct guardian invitation');
  }
  if (path.startsWith('/registration') && !path.includes('guardian')) {
    // The details form: saved as it stands where the profile has details to keep (an empty form's
    // "next" only shows what is missing, and makes no call).
    const next = button(page, t, 'registration.details.next');
    if ((await next.count()) && (await page.locator('main input[value]:not([value=""])').count())) {
      await next.click();
      const save = button(page, t, 'registration.details.save');
      if (await save.count()) {
        await save.click();
        await see(page.getByText(t.common('registration.details.saved'))).toBeVisible();
        used.push('save details');
      }
    }
  }
  if (path === '/settings') {
    const methods = page.getByRole('region', { name: t.common('settings.methods.title') });
    const prefer = methods.getByRole('button', {
      name: named(t.common('settings.methods.prefer')),
    });
    if (await prefer.count()) {
      await prefer.first().click();
      await see(prefer).toHaveCount(1);
      used.push('prefer payout method');
    }
    const remove = methods.getByRole('button', {
      name: named(t.common('settings.methods.delete')),
    });
    if (await remove.count()) {
      const before = await remove.count();
      await remove.last().click();
      await page
        .locator('[role="dialog"], [role="alertdialog"]')
        .getByRole('button', { name: named(t.common('settings.methods.deleteConfirm')) })
        .click();
      await see(remove).toHaveCount(before - 1);
      used.push('delete payout method');
    }
    const edit = page.getByRole('link', { name: named(t.common('settings.profile.edit')) });
    if (await edit.count()) {
      await edit.click();
      await page.waitForURL(/\/registration\/(personal|company)-info/);
      await button(page, t, 'registration.details.next').click();
      await button(page, t, 'registration.details.save').click();
      await see(page.getByText(t.common('registration.details.saved'))).toBeVisible();
      used.push('edit profile');
    }
  }
  return used;
}

// The statuses walk side by side (the e2e project's maxConcurrency at a time): each is a person of
// their own, and most of a walk is waiting for each screen's network to go quiet.
describe.concurrent('status walk in German (browser)', () => {
  const t = textsOf('de');
  it.for(Object.keys(STATUSES))(
    '%s: every screen speaks German and every action offered works',
    { timeout: 120_000 },
    async (status, { task, expect }) => {
      const setup = STATUSES[status];
      if (!setup) throw new Error(status);
      const user = await setup();
      const page = await newPage({ test: task });
      const writes = recordWrites(page);
      await signInInGerman(page, user.email);
      const seen = new Map<string, string[]>();
      const actions: string[] = [];
      for (const screen of SCREENS) {
        await page.goto(`${base()}${screen}`);
        await page.waitForLoadState('networkidle');
        const landed = new URL(page.url()).pathname;
        if (seen.has(landed)) continue;
        seen.set(landed, await visibleEnglish(page));
        // WALK_PICTURES=1 keeps a picture of every screen of every status, to look at.
        if (process.env.WALK_PICTURES)
          await picture(page, `walk-${status}-${landed.replace(/\W+/g, '-')}`);
        actions.push(...(await takeActions(page, t, user.email)));
        // What an action led to speaks German too.
        const after = new URL(page.url()).pathname;
        if (!seen.has(after)) seen.set(after, await visibleEnglish(page));
      }
      expect(new Set(actions), `actions used on ${status}`).toEqual(
        new Set(EXPECTED_ACTIONS[status] ?? []),
      );
      const english = [...seen].filter(([, phrases]) => phrases.length);
      expect(Object.fromEntries(english), `English on ${status} screens`).toEqual({});
      expect(
        writes.filter((call) => call.status >= 300),
        `refused actions on ${status} (used: ${actions.join(', ') || 'none'})`,
      ).toEqual([]);
    },
  );
});

/** English phrases a Portuguese mail must not hold: the mail texts of locales/en that differ. */
function englishMailPhrases(): string[] {
  const english = leaves(readLocale('en', 'common')).filter(
    ([key]) => key.startsWith('mail.') || /Mail/.test(key),
  );
  const translated = new Map(leaves(readLocale('pt', 'common')));
  const phrases = new Set<string>();
  for (const [key, text] of english) {
    if (translated.get(key) === text) continue;
    for (const part of text.split(/\{\{\s*\w+\s*\}\}|<[^>]*>|\n/)) {
      if (part.trim().length >= 12) phrases.add(part.trim());
    }
  }
  return [...phrases];
}

/** A subject template of locales/pt as a pattern ({{value}} matches anything). */
const ptSubject = (key: string): RegExp => {
  const template = key
    .split('.')
    .reduce<Tree | string>((node, part) => (node as Tree)[part] ?? '', readLocale('pt', 'common'));
  if (typeof template !== 'string' || !template) throw new Error(`locales/pt has no ${key}`);
  const pattern = template
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`);
};

interface Mail {
  subject: string;
  text: string;
  createdAt: string;
}

async function mailsTo(email: string, since: number): Promise<Mail[]> {
  const response = await fetch(`${base()}/master/dev/v1/outbox?to=${encodeURIComponent(email)}`);
  const { data } = (await response.json()) as { data: Mail[] };
  return data.filter((mail) => Date.parse(mail.createdAt) >= since);
}

describe('status walk in Portuguese: the mails (browser)', () => {
  it('every mail after choosing Portuguese at registration is in Portuguese', async () => {
    const t = textsOf('pt');
    const email = uniqueEmail('walk-pt');
    const created = await createClaim(email, '25.00');
    const page = await newPage();
    const registeredAt = Date.now();
    await registerFromInvitation(page, t, email, created.inviteUrl);
    await verifyAccount(page, t, email);

    // The rest as the portal calls the API, with the page's session and CSRF token.
    const api = async (method: string, path: string, body?: unknown) => {
      const cookies = await page.context().cookies();
      const csrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
      const response = await page.request.fetch(`${base()}/master/funnel/v1${path}`, {
        method,
        headers: {
          'x-csrf-token': csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { data: JSON.stringify(body) }),
      });
      const json = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> };
      if (response.status() >= 300)
        throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(json)}`);
      return json.data ?? {};
    };
    await api('PATCH', '/me', { profileType: 'PERSON', person: PERSON, addresses: [US_ADDRESS] });
    expect((await api('POST', '/id-proofing/start')).status).toBe('ACTIVATED');
    const check = await api('POST', '/payment-methods/physical-checks', { preferred: true });
    const second = await createClaim(email, '40.00');
    await api('POST', `/claims/${second.claim.id}/accept/otp`, {
      claimId: second.claim.id,
      prefix: '1234',
      paymentMethodId: (check.physicalCheck as { id: string }).id,
      targetCurrency: 'USD',
    });
    // The forgotten password, asked for on the sign-in page with no language of its own.
    await fetch(`${base()}/master/auth-app/v1/login/forgot`, {
      method: 'POST',
      headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });

    const expected = [
      'mail.accountCode.subject',
      'mail.invitation.subject',
      'mail.claimCode.subject',
    ].map(ptSubject);
    let mails: Mail[] = [];
    await expect
      .poll(async () => {
        mails = await mailsTo(email, registeredAt);
        return expected.filter((subject) => mails.some((mail) => subject.test(mail.subject)))
          .length;
      })
      .toBe(expected.length);
    // The payout-method notice and the reset link arrive too.
    await expect
      .poll(async () => (await mailsTo(email, registeredAt)).length)
      .toBeGreaterThanOrEqual(5);
    mails = await mailsTo(email, registeredAt);
    const phrases = englishMailPhrases();
    const english = mails
      .map((mail) => ({
        subject: mail.subject,
        english: phrases.filter((p) => mail.subject.includes(p) || mail.text.includes(p)),
      }))
      .filter((mail) => mail.english.length);
    expect(english).toEqual([]);
  }, 120_000);
});
