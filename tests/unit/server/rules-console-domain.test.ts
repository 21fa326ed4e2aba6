// The rules console's domain modules without HTTP (issue 30): staff are made by the admin API and
// sign in and publish through the console API as in life, then domain/rules-console.ts (the
// published rules of `npm run rules:export`) and domain/staff.ts (sign-out, the audit log) are
// called directly, the way their routes do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedRules } from '../../../src/server/domain/rules-console';
import { recordStaffSignOut, staffAuditLog } from '../../../src/server/domain/staff';
import { AUDIT_PAGE } from '../../../src/server/domain/admin-audit';
import { loadCatalog } from '../../../src/core/schemas/catalog';
import type { CountryRules } from '../../../src/core/schemas/country-rules';
import { startTestApp, type TestApp } from '../../api/support/harness';
import { createStaff, signIn, type StaffBrowser } from '../../api/support/staff';

const GB = loadCatalog().rules.GB as CountryRules;

describe('domain/rules-console and domain/staff', () => {
  let t: TestApp;
  let editor: StaffBrowser;
  let editorMember: { id: string; email: string };
  let approver: StaffBrowser;
  let approver2: StaffBrowser;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const signedIn = await signIn(t.app, await createStaff(t.app, 'editor'));
    editor = signedIn.browser;
    editorMember = signedIn.response.body.data as { id: string; email: string };
    approver = (await signIn(t.app, await createStaff(t.app, 'approver'))).browser;
    approver2 = (await signIn(t.app, await createStaff(t.app, 'approver'))).browser;
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers the rules of every country published in the console, and only those', async () => {
    const ctx = { db: t.app.deps.db, rules: t.app.rules };
    expect(await publishedRules(ctx)).toEqual({ rulesVersion: 0, rules: {}, retired: [] });

    const gb = { ...GB, notes: `${String(GB.notes)} Published in a domain test.` };
    const saved = await editor.request('POST', '/countries/GB/drafts', { rules: gb });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body.data as { id: number }).id;
    expect((await approver.request('POST', `/versions/${id}/approve`, {})).status).toBe(200);
    const published = await approver2.request('POST', `/versions/${id}/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    // Read straight after the publication: the domain refreshes the rules it answers.
    expect(await publishedRules(ctx)).toEqual({
      rulesVersion: (published.body.data as { rulesVersion: number }).rulesVersion,
      rules: { GB: gb },
      retired: [],
    });
  }, 120_000);

  it('writes a sign-out to the audit log, which answers newest first, a page at a time, per country', async () => {
    const { db } = t.app.deps;
    const session = { staffId: editorMember.id, email: editorMember.email };
    for (let i = 0; i <= AUDIT_PAGE; i++) await recordStaffSignOut(db, session);
    const [newest] = await staffAuditLog(db, { limit: 1 });
    expect(newest).toMatchObject({
      actor: editorMember.email,
      action: 'session.end',
      country: null,
      version: null,
    });

    const page = await staffAuditLog(db, {});
    expect(page).toHaveLength(AUDIT_PAGE);
    const times = page.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await staffAuditLog(db, { limit: 500 })).length).toBeGreaterThan(AUDIT_PAGE);

    // The publication above is GB's; nothing of another country is in GB's log.
    const gb = await staffAuditLog(db, { country: 'GB' });
    expect(gb.map((r) => r.action)).toContain('publish');
    expect(gb.every((r) => r.country === 'GB')).toBe(true);
  });
});
