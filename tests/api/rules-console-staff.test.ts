// The rules console's staff (issue 16): accounts made with the admin key, sign-in with a password
// and a TOTP code (±1 step, never twice), a session apart from recipients', roles and the audit log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { admin, startTestApp, uniqueEmail, type TestApp } from './support/harness';
import {
  createStaff,
  nextStep,
  signIn,
  STAFF_PASSWORD,
  StaffBrowser,
  useSteppedClock,
} from './support/staff';
import { totpCode } from '../../src/server/services/totp';
import { staffSessions } from '../../src/server/db/schema';

describe.each(DATABASE_KINDS)('rules console staff (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Authenticator steps are 30 s: the tests move the clock to the next one instead of waiting.
    useSteppedClock();
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  it('creates staff with the admin key only, answering a one-time enrolment link, never a secret', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/staff',
      payload: { email: uniqueEmail(), role: 'editor' },
    });
    expect(refused.statusCode).toBe(401);
    const created = await admin<Record<string, string>>(t.app, 'POST', '/staff', {
      email: uniqueEmail(),
      role: 'approver',
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual([
      'email',
      'enrolmentExpiresAt',
      'enrolmentUrl',
      'id',
      'role',
    ]);
    expect(created.body.data.enrolmentUrl).toMatch(/\/console\/enrol#[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(created.body.data.enrolmentExpiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // The admin key cannot choose a staff member's password any more.
    const chosen = await admin(t.app, 'POST', '/staff', {
      email: uniqueEmail(),
      role: 'editor',
      password: 'Console-river-42-lantern',
    });
    expect(chosen.status).toBe(400);
    const badRole = await admin(t.app, 'POST', '/staff', { email: uniqueEmail(), role: 'owner' });
    expect(badRole.status).toBe(400);
    const editor = await createStaff(t.app, 'editor');
    const twice = await admin(t.app, 'POST', '/staff', {
      email: editor.email.toUpperCase(),
      role: 'editor',
    });
    expect(twice.status).toBe(409);
    // The secret is stored sealed, never in clear.
    const rows = await t.database.db.execute<{ totp_secret_sealed: string }>(
      `select totp_secret_sealed from staff where email = '${editor.email}'` as never,
    );
    const sealed = (rows as unknown as { rows: { totp_secret_sealed: string }[] }).rows[0];
    expect(sealed?.totp_secret_sealed).toMatch(/^v2\./);
    expect(sealed?.totp_secret_sealed).not.toContain(editor.secret);
  });

  it('signs in with password and TOTP code (±1 step), refusing a reused or wrong code', async () => {
    const editor = await createStaff(t.app, 'editor');
    const wrongPassword = await new StaffBrowser(t.app).request('POST', '/session', {
      email: editor.email,
      password: 'Not-the-password-1234',
      code: totpCode(editor.secret),
    });
    expect(wrongPassword.status).toBe(401);
    const wrongCode = await signIn(
      t.app,
      editor,
      0,
      totpCode(editor.secret) === '000000' ? '111111' : '000000',
    );
    expect(wrongCode.response.status).toBe(401);
    const tooOld = await signIn(t.app, editor, -3);
    expect(tooOld.response.status).toBe(401);

    // Start at the beginning of a 30-second step, so the steps below do not move while the test
    // runs and the previous step is later than the one the enrolment used.
    nextStep();
    const previousCode = totpCode(editor.secret, Date.now() - 30_000);
    const previousStep = await signIn(t.app, editor, 0, previousCode);
    expect(previousStep.response.status).toBe(200);
    expect(previousStep.response.body.data).toMatchObject({
      email: editor.email,
      role: 'editor',
    });
    // The same code again (a replay), and an older step, are refused.
    expect((await signIn(t.app, editor, 0, previousCode)).response.status).toBe(401);
    const code = totpCode(editor.secret);
    const now = await signIn(t.app, editor, 0, code);
    expect(now.response.status).toBe(200);
    expect((await signIn(t.app, editor, 0, code)).response.status).toBe(401);
    expect((await signIn(t.app, editor, 1)).response.status).toBe(200);

    const me = await now.browser.request('GET', '/session');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: editor.email, role: 'editor' });
  });

  it('keeps the staff session apart from recipients and guards writes with CSRF', async () => {
    const approver = await createStaff(t.app, 'approver');
    const { browser } = await signIn(t.app, approver);
    expect(browser.cookies.has('pp_staff_session')).toBe(true);
    expect(browser.cookies.has('pp_session')).toBe(false);
    // A recipient route does not accept the staff session.
    const funnel = await t.app.inject({
      url: '/master/funnel/v1/me',
      headers: { cookie: `pp_session=${browser.cookies.get('pp_staff_session')}` },
    });
    expect(funnel.statusCode).toBe(401);
    // No session: refused; a write without the CSRF header: refused.
    expect((await new StaffBrowser(t.app).request('GET', '/session')).status).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'DELETE',
      url: '/master/console/v1/session',
      headers: { cookie: `pp_staff_session=${browser.cookies.get('pp_staff_session')}` },
    });
    expect(noCsrf.statusCode).toBe(403);
    const out = await browser.request('DELETE', '/session');
    expect(out.status).toBe(200);
    expect((await browser.request('GET', '/session')).status).toBe(401);
  });

  it('ends an idle staff session after the staff idle limit', async () => {
    const short = await startTestApp(kind, { STAFF_IDLE_SECONDS: '1' });
    try {
      const editor = await createStaff(short.app, 'editor');
      const { browser } = await signIn(short.app, editor);
      expect((await browser.request('GET', '/session')).status).toBe(200);
      vi.setSystemTime(Date.now() + 1300);
      expect((await browser.request('GET', '/session')).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('keeps an active staff session alive, writing its idle clock at most once per interval', async () => {
    const short = await startTestApp(kind, { STAFF_IDLE_SECONDS: '2' });
    try {
      const { browser } = await signIn(short.app, await createStaff(short.app, 'editor'));
      // Active for longer than the idle limit: every request in time keeps it alive.
      for (let i = 0; i < 4; i++) {
        vi.setSystemTime(Date.now() + 800);
        expect((await browser.request('GET', '/session')).status).toBe(200);
      }
    } finally {
      await short.close();
    }
    // At the default 15-minute limit, reads in a row leave the recorded activity as it was.
    const { browser } = await signIn(t.app, await createStaff(t.app, 'editor'));
    const lastSeen = async () =>
      (await t.database.db.select({ at: staffSessions.lastSeenAt }).from(staffSessions))
        .map((r) => r.at.getTime())
        .sort()
        .join();
    const before = await lastSeen();
    for (let i = 0; i < 3; i++) await browser.request('GET', '/session');
    expect(await lastSeen()).toBe(before);
  });

  it('writes every staff action to the audit log', async () => {
    const editor = await createStaff(t.app, 'editor');
    await signIn(t.app, editor, 0, '000000').catch(() => undefined);
    // The enrolment used the previous step's code: this step's, then the next one's, sign in.
    const { browser } = await signIn(t.app, editor, 0);
    await browser.request('DELETE', '/session');
    const reader = (await signIn(t.app, editor, 1)).browser;
    const log = await reader.request('GET', '/audit?limit=50');
    expect(log.status).toBe(200);
    const mine = (log.body.data as { actor: string; action: string }[])
      .filter((e) => e.actor === editor.email || e.action === 'staff.create')
      .map((e) => e.action);
    expect(mine).toEqual(
      expect.arrayContaining(['staff.create', 'staff.enrol', 'session.start', 'session.end']),
    );
    expect(mine[0]).toBe('session.start');
  });

  it('disables a staff account with the admin key: its session ends and it cannot sign in again', async () => {
    const leaver = await createStaff(t.app, 'editor');
    const { browser, response } = await signIn(t.app, leaver, 0);
    expect(response.status).toBe(200);
    expect((await browser.request('GET', '/session')).status).toBe(200);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/master/admin/v1/staff/disable',
      payload: { email: leaver.email },
    });
    expect(anonymous.statusCode).toBe(401);
    const disabled = await admin<{ email: string; disabledAt: string }>(
      t.app,
      'POST',
      '/staff/disable',
      { email: leaver.email.toUpperCase() },
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body.data.email).toBe(leaver.email);

    // The session already open is over, and a right password and code are refused.
    expect((await browser.request('GET', '/session')).status).toBe(401);
    expect((await signIn(t.app, leaver, 1)).response.status).toBe(401);
    // Again: nothing changes. Nobody: 404.
    const again = await admin<{ disabledAt: string }>(t.app, 'POST', '/staff/disable', {
      email: leaver.email,
    });
    expect(again.body.data.disabledAt).toBe(disabled.body.data.disabledAt);
    const nobody = await admin(t.app, 'POST', '/staff/disable', { email: uniqueEmail() });
    expect(nobody.status).toBe(404);

    const reader = (await signIn(t.app, await createStaff(t.app, 'approver'), 0)).browser;
    const log = await reader.request('GET', '/audit?limit=50');
    const entries = log.body.data as {
      actor: string;
      action: string;
      detail?: { email?: string };
    }[];
    expect(
      entries.filter((e) => e.action === 'staff.disable' && e.detail?.email === leaver.email),
    ).toHaveLength(1);
  });

  it('enrols at the link: own password (staff rules), a confirmed authenticator, then signed in once', async () => {
    const email = uniqueEmail('enrol');
    const created = await admin<{ enrolmentUrl: string }>(t.app, 'POST', '/staff', {
      email,
      role: 'editor',
    });
    const token = new URL(created.body.data.enrolmentUrl).hash.slice(1);
    const browser = new StaffBrowser(t.app);
    const shown = await browser.request('POST', '/enrolment/authenticator', { token });
    expect(shown.status).toBe(200);
    const first = shown.body.data as { email: string; otpauthUri: string; secret: string };
    expect(first.email).toBe(email);
    expect(first.otpauthUri).toContain(`secret=${first.secret}`);
    // Shown again (a reload): the same secret, not a new one.
    const again = await browser.request('POST', '/enrolment/authenticator', { token });
    expect((again.body.data as { secret: string }).secret).toBe(first.secret);

    const weak = await browser.request('POST', '/enrolment', {
      token,
      password: 'short-one',
      code: totpCode(first.secret),
    });
    expect(weak.status).toBe(400);
    expect((weak.body.errors as { path: string }[])[0]?.path).toBe('/password');
    const common = await browser.request('POST', '/enrolment', {
      token,
      password: 'password1234',
      code: totpCode(first.secret),
    });
    expect(common.status).toBe(400);
    const wrongCode = await browser.request('POST', '/enrolment', {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(first.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect((wrongCode.body.errors as { path: string }[])[0]?.path).toBe('/code');

    const done = await browser.request('POST', '/enrolment', {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(first.secret),
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ email, role: 'editor' });
    expect((await browser.request('GET', '/session')).status).toBe(200);
    // The code the enrolment used does not sign in again; the next one does.
    const who = { email, secret: first.secret, uri: first.otpauthUri };
    expect((await signIn(t.app, who, 0)).response.status).toBe(401);
    expect((await signIn(t.app, who, 1)).response.status).toBe(200);
  });

  it('changes the password and the authenticator with the current password and code', async () => {
    const member = await createStaff(t.app, 'approver');
    const other = (await signIn(t.app, member, 0)).browser;
    const { browser } = await signIn(t.app, member, 1);
    const NEW_PASSWORD = 'Console-meadow-77-harbour';
    const wrong = await browser.request('POST', '/account/password', {
      currentPassword: 'Not-the-password-1234',
      code: totpCode(member.secret),
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(403);
    const weak = await browser.request('POST', '/account/password', {
      currentPassword: STAFF_PASSWORD,
      code: totpCode(member.secret),
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    // Two steps ahead: the previous sign-ins used this step and the next.
    nextStep();
    const changed = await browser.request('POST', '/account/password', {
      currentPassword: STAFF_PASSWORD,
      code: totpCode(member.secret, Date.now() + 30_000),
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The other sign-in and the enrolment's session.
    expect(changed.body.data).toEqual({ otherSessionsEnded: 2 });
    expect((await other.request('GET', '/session')).status).toBe(401);
    expect((await browser.request('GET', '/session')).status).toBe(200);

    const shown = await browser.request('POST', '/account/authenticator/new');
    expect(shown.status).toBe(200);
    const { secret } = shown.body.data as { secret: string };
    expect(secret).not.toBe(member.secret);
    nextStep();
    const oldPassword = await browser.request('POST', '/account/authenticator', {
      password: STAFF_PASSWORD,
      code: totpCode(member.secret),
      newCode: totpCode(secret),
    });
    expect(oldPassword.status).toBe(403);
    const swapped = await browser.request('POST', '/account/authenticator', {
      password: NEW_PASSWORD,
      code: totpCode(member.secret, Date.now() + 30_000),
      newCode: totpCode(secret, Date.now() + 30_000),
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    // The old authenticator no longer signs in; the new one does (a later step).
    const renewed = { ...member, secret };
    const signInWith = (password: string, code: string) =>
      new StaffBrowser(t.app).request('POST', '/session', { email: member.email, password, code });
    nextStep();
    const next = Date.now() + 30_000;
    expect((await signInWith(NEW_PASSWORD, totpCode(member.secret, next))).status).toBe(401);
    expect((await signInWith(NEW_PASSWORD, totpCode(renewed.secret, next))).status).toBe(200);

    const reader = (await signIn(t.app, await createStaff(t.app, 'approver'), 0)).browser;
    const log = (await reader.request('GET', '/audit?limit=100')).body.data as {
      actor: string;
      action: string;
    }[];
    const mine = log.filter((e) => e.actor === member.email).map((e) => e.action);
    expect(mine).toEqual(
      expect.arrayContaining([
        'staff.enrol',
        'staff.password-change',
        'staff.authenticator-change',
        'account.refused',
      ]),
    );
  }, 150_000);

  it('rate-limits sign-in attempts per address', async () => {
    const strict = await startTestApp(kind, { RATE_LIMIT_SCALE: '1' });
    try {
      const statuses: number[] = [];
      // A new email each time: the per-account lock (5 failures) is not what is tested here.
      for (let i = 0; i < 11; i++) {
        const r = await new StaffBrowser(strict.app).request('POST', '/session', {
          email: uniqueEmail('nobody'),
          password: 'whatever-it-is-1',
          code: '123456',
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
