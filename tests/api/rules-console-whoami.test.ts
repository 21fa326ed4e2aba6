// The console's "who am I" (GET /master/console/v1/whoami, issue 33): signed out is a 200 with no
// one (the sign-in page logs no 401), and it tells nothing about staff without a live session of
// the staff realm, sets no cookie and keeps no session alive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';
import { createStaff, signIn, StaffBrowser } from './support/staff';

describe.each(DATABASE_KINDS)('console who am I (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const whoAmI = (cookie?: string) =>
    t.app.inject({ url: '/master/console/v1/whoami', headers: cookie ? { cookie } : {} });

  it('answers 200 with no one when signed out, whatever cookie comes', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { browser } = await signIn(t.app, editor);
    const staffSession = browser.cookies.get('pp_staff_session') ?? '';
    expect(staffSession).not.toBe('');
    for (const cookie of [
      undefined,
      'pp_staff_session=forged-0123456789abcdef',
      `pp_staff_session=${'x'.repeat(200)}`,
      // Another realm's cookie carrying a live staff session id is not the staff cookie.
      `pp_session=${staffSession}`,
    ]) {
      const answer = await whoAmI(cookie);
      expect(answer.statusCode, cookie).toBe(200);
      expect(answer.json(), cookie).toEqual({ data: null });
      expect(answer.headers['set-cookie'], cookie).toBeUndefined();
    }
  });

  it('names the signed-in member, and no one once signed out', async () => {
    const approver = await createStaff(t.app, 'approver');
    const { browser } = await signIn(t.app, approver);
    const me = await browser.request('GET', '/whoami');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      data: { id: expect.any(String), email: approver.email, role: 'approver', language: null },
    });
    expect((await browser.request('DELETE', '/session')).status).toBe(200);
    const after = await whoAmI(`pp_staff_session=${'gone'}`);
    expect(after.json()).toEqual({ data: null });
    expect(await browser.request('GET', '/whoami')).toEqual({ status: 200, body: { data: null } });
    // The private session route still refuses without a session.
    expect((await new StaffBrowser(t.app).request('GET', '/session')).status).toBe(401);
  });

  it('keeps the language a staff member chose for the console, for their next sign-in', async () => {
    const editor = await createStaff(t.app, 'editor');
    const first = await signIn(t.app, editor);
    expect(first.response.body.data).toMatchObject({ email: editor.email, language: null });
    const browser = first.browser;
    for (const language of ['es', 'de'])
      expect(await browser.request('PUT', '/account/language', { language })).toEqual({
        status: 200,
        body: { data: { language } },
      });
    expect((await browser.request('GET', '/whoami')).body.data).toMatchObject({ language: 'de' });
    expect((await browser.request('GET', '/session')).body.data).toMatchObject({ language: 'de' });
    // Only the five languages, only signed in, only with the staff CSRF token.
    for (const language of ['it', 'DE', '', null])
      expect((await browser.request('PUT', '/account/language', { language })).status).toBe(400);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: '/master/console/v1/account/language',
      payload: { language: 'fr' },
    });
    expect([401, 403]).toContain(signedOut.statusCode);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/master/console/v1/account/language',
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payload: { language: 'fr' },
    });
    expect(noCsrf.statusCode).toBe(403);
    // Another sign-in (another browser) finds the choice.
    const again = await signIn(t.app, editor, 1);
    expect(again.response.body.data).toMatchObject({ email: editor.email, language: 'de' });
    // Another staff member's choice is their own.
    const other = await signIn(t.app, await createStaff(t.app, 'approver'));
    expect(other.response.body.data).toMatchObject({ language: null });
  });

  it('is not activity: asking keeps no idle session alive', async () => {
    const short = await startTestApp(kind, { STAFF_IDLE_SECONDS: '1' });
    try {
      const { browser } = await signIn(short.app, await createStaff(short.app, 'editor'));
      expect((await browser.request('GET', '/whoami')).body.data).not.toBeNull();
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 450));
        await browser.request('GET', '/whoami');
      }
      expect(await browser.request('GET', '/whoami')).toEqual({
        status: 200,
        body: { data: null },
      });
      expect((await browser.request('GET', '/session')).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
