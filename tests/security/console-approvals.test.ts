// Issue 29 point 7, approvals never went stale: draft A approved, draft B approved and published,
// then A published undid B with nobody reviewing that revert. Over real HTTP against the server as
// `npm start` builds it: publishing needs an approval against the country's version published now;
// A's approval is withdrawn (A awaits review again, refused with DraftBaseMoved) and B stays; once
// A is approved against B (its changes shown against B) it publishes.
import type { RuleChange } from '../../src/core/rules/console-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/core/schemas/catalog';
import { DATABASE_KINDS, startLiveServer, type LiveServer } from './support/server';
import { ConsoleStaff, signedInStaff, type StaffRole } from './support/staff';

const GB = loadCatalog().rules.GB as unknown as Record<string, unknown>;
/** GB with another name: a change every check accepts, and that a revert visibly undoes. */
const named = (name: string): Record<string, unknown> => ({ ...structuredClone(GB), name });

interface Version {
  id: number;
  status: string;
  baseVersion: number | null;
  approvedBase: number | null;
}
interface VersionDetail extends Version {
  publishedVersion: number | null;
  changes: RuleChange[];
}

/** A staff member who also reads a version with its changes. */
class Staff extends ConsoleStaff {
  async version(id: number): Promise<VersionDetail> {
    const response = await this.request('GET', `/versions/${id}`);
    expect(response.status, response.text).toBe(200);
    return response.json?.data as VersionDetail;
  }
}

const staffMember = async (server: LiveServer, role: StaffRole): Promise<Staff> =>
  new Staff((await signedInStaff(server, role)).browser);

describe.each(DATABASE_KINDS)('rules console approvals on %s', (kind) => {
  let server: LiveServer;
  let editor: Staff;
  let approver: Staff;
  let approver2: Staff;
  beforeAll(async () => {
    server = await startLiveServer(kind);
    editor = await staffMember(server, 'editor');
    approver = await staffMember(server, 'approver');
    approver2 = await staffMember(server, 'approver');
  }, 120_000);
  afterAll(async () => server?.close());

  const saveDraft = async (rules: Record<string, unknown>, baseVersion?: number | null) => {
    const saved = await editor.request('POST', '/countries/GB/drafts', {
      rules,
      ...(baseVersion === undefined ? {} : { baseVersion }),
    });
    expect(saved.status, saved.text).toBe(201);
    return saved.json?.data as Version;
  };

  it('an approval given before another publication does not publish a silent revert of it', async () => {
    // Both drafts made from the file's rules; both approved.
    const a = await saveDraft(named('United Kingdom (draft A)'));
    const b = await saveDraft(named('United Kingdom (draft B)'));
    expect([a.baseVersion, b.baseVersion]).toEqual([null, null]);
    for (const draft of [a, b]) {
      const approved = await approver.request('POST', `/versions/${draft.id}/approve`);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.json?.data).toMatchObject({ status: 'approved', approvedBase: null });
    }
    const publishedB = await approver2.request('POST', `/versions/${b.id}/publish`);
    expect(publishedB.status, publishedB.text).toBe(200);

    // The attack: publishing A now would put the file's name back, undoing B unreviewed.
    const attack = await approver2.request('POST', `/versions/${a.id}/publish`);
    expect(attack.status, attack.text).toBe(409);
    expect(attack.json?.message).toMatch(/^DraftBaseMoved: /);
    const gb = await editor.request('GET', '/countries/GB');
    expect(gb.json?.data).toMatchObject({
      publishedVersion: b.id,
      rules: { name: 'United Kingdom (draft B)' },
    });
    // A is sent back for review: its approval withdrawn, it cannot be published as it is.
    const sentBack = await approver.version(a.id);
    expect(sentBack).toMatchObject({
      status: 'draft',
      baseVersion: null,
      approvedBase: null,
      publishedVersion: b.id,
    });
    const again = await approver2.request('POST', `/versions/${a.id}/publish`);
    expect(again.status).toBe(409);
    expect(again.json?.message).toMatch(/^NotApproved: /);
    const audit = await approver.request('GET', '/audit?country=GB&limit=100');
    expect(audit.json?.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'publish.refused',
          version: a.id,
          detail: expect.objectContaining({ code: 'DraftBaseMoved', publishedNow: b.id }),
        }),
      ]),
    );

    // A page showing the rules before B (the file's) can neither approve nor save a draft over B.
    const staleApproval = await approver.request('POST', `/versions/${a.id}/approve`, {
      baseVersion: null,
    });
    expect(staleApproval.status).toBe(409);
    expect(staleApproval.json?.message).toMatch(/^DraftBaseMoved: /);
    const staleSave = await editor.request('POST', '/countries/GB/drafts', {
      rules: named('United Kingdom (edited before B)'),
      baseVersion: null,
    });
    expect(staleSave.status).toBe(409);
    expect(staleSave.json?.message).toMatch(/^DraftBaseMoved: /);

    // Reviewed again against B: the revert of B's change is what the approver sees, and approves.
    expect(sentBack.changes).toContainEqual({
      code: 'rule.changed',
      path: '/name',
      change: 'changed',
      from: 'United Kingdom (draft B)',
      to: 'United Kingdom (draft A)',
    });
    const reapproved = await approver.request('POST', `/versions/${a.id}/approve`, {
      baseVersion: b.id,
    });
    expect(reapproved.status, reapproved.text).toBe(200);
    expect(reapproved.json?.data).toMatchObject({ status: 'approved', approvedBase: b.id });
    const publishedA = await approver2.request('POST', `/versions/${a.id}/publish`);
    expect(publishedA.status, publishedA.text).toBe(200);
    expect(publishedA.json?.data).toMatchObject({ status: 'published', approvedBase: b.id });

    // A draft made from the rules published now (the rebase) records its base and publishes.
    const c = await saveDraft(named('United Kingdom (draft C)'), a.id);
    expect(c.baseVersion).toBe(a.id);
    expect((await approver.request('POST', `/versions/${c.id}/approve`)).status).toBe(200);
    expect((await approver2.request('POST', `/versions/${c.id}/publish`)).status).toBe(200);
    expect((await editor.request('GET', '/countries/GB')).json?.data).toMatchObject({
      publishedVersion: c.id,
      rules: { name: 'United Kingdom (draft C)' },
    });
  }, 120_000);
});
