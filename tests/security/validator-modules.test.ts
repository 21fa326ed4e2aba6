// Issue 29 point 3: anyone, signed out, could make the server rebuild old validators. GET
// /master/rules/validators/<version>/<any name>.js built all of that version's modules (about
// 250 ms of ajv) before looking at the name, and a process keeps only the last 16 versions, so every
// request for an older one was a rebuild. Over real HTTP against the server as `npm start` builds
// it: a version's modules are built once, at publication, and stored; a request for a name that is
// not stored, under an old, the current or a future version, is a 404 with no build (counted
// deterministically: every build goes through variantModules, wrapped here); a version published
// before modules were stored is built once, however many requests come at once; a preview's
// module is never served under a version URL. Builds run in the servers' rules worker threads
// (issue 29 point 2), which count the jobs they complete.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServedVariant } from '../../src/core/validation/precompiled';
import { gbWithSortCodesOf08 } from '../fixtures/country-rules';
import { DATABASE_KINDS, rawRequest, startLiveServer, type LiveServer } from './support/server';
import { signedInStaff as staffMember, type ConsoleStaff as Staff } from './support/staff';

/** Every server this file started: each counts the module builds (and previews) it ran. */
const started: LiveServer[] = [];
const built = (): number =>
  started.reduce(
    (n, s) => n + s.app.rulesChecks.completed('build') + s.app.rulesChecks.completed('preview'),
    0,
  );
/** Modules built since `builds.count` was last set. */
const builds = {
  from: 0,
  get count(): number {
    return built() - this.from;
  },
  set count(value: number) {
    this.from = built() - value;
  },
};
const startedHere = async (server: Promise<LiveServer>): Promise<LiveServer> => {
  const live = await server;
  started.push(live);
  return live;
};

const VALIDATORS = '/master/rules/validators';
/** GB with sort codes of bank 08 only, in the spelling given (tests/fixtures/country-rules.ts). */
const withSortCode = (pattern: string) =>
  gbWithSortCodesOf08(pattern) as unknown as Record<string, unknown>;

describe.each(DATABASE_KINDS)('published validator modules on %s', (kind) => {
  let server: LiveServer;
  let editor: Staff;
  let approver: Staff;
  /** Two publications: the old one and the current one, each with its stored modules. */
  let old: { id: number; variants: ServedVariant[] };
  let current: { id: number; variants: ServedVariant[] };
  const get = (path: string, on: LiveServer = server) => rawRequest(on, 'GET', path);
  /**
   * Another server process on the same database, started now: it has built nothing (as a process
   * that keeps only the last 16 versions has not built an older one), so whatever it serves
   * comes from the store or from a build counted here.
   */
  const freshProcess = () => startedHere(startLiveServer(kind, {}, server.database));
  const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  beforeAll(async () => {
    server = await startedHere(startLiveServer(kind));
    editor = await staffMember(server, 'editor');
    approver = await staffMember(server, 'approver');
    // Four eyes: the editor saves, one approver approves, another publishes.
    const publisher = await staffMember(server, 'approver');
    const publish = async (rules: Record<string, unknown>) => {
      const saved = await editor.request('POST', '/countries/GB/drafts', { rules });
      expect(saved.status, saved.text).toBe(201);
      const { id } = saved.json?.data as { id: number };
      const approved = await approver.request('POST', `/versions/${id}/approve`);
      expect(approved.status, approved.text).toBe(200);
      const published = await publisher.request('POST', `/versions/${id}/publish`);
      expect(published.status, published.text).toBe(200);
      const list = await get(VALIDATORS);
      expect(list.status, list.text).toBe(200);
      return list.json?.data as { rulesVersion: number; variants: ServedVariant[] };
    };
    builds.count = 0;
    const first = await publish(withSortCode('^08\\d{4}$'));
    const second = await publish(withSortCode('^08[0-9]{4}$'));
    // Each publication built its modules once; listing them built nothing.
    expect(builds.count).toBe(2);
    old = { id: first.rulesVersion, variants: first.variants };
    current = { id: second.rulesVersion, variants: second.variants };
    expect(current.id).toBeGreaterThan(old.id);
    for (const version of [old, current]) {
      expect(version.variants.length).toBeGreaterThan(0);
      for (const v of version.variants) expect(v.url).toMatch(`${VALIDATORS}/${version.id}/`);
    }
  }, 120_000);
  afterAll(async () => server?.close());
  beforeEach(() => {
    builds.count = 0;
  });

  it('serves a published module, old or current, as the portal loads it, with no build', async () => {
    const fresh = await freshProcess();
    for (const [version, on] of [
      [old, fresh],
      [current, fresh],
      [old, server],
    ] as const) {
      const url = version.variants[0]!.url;
      const served = await get(url, on);
      expect(served.status, served.text).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/javascript/);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.text.length).toBeGreaterThan(100);
    }
    await fresh.close();
    expect(builds.count).toBe(0);
  });

  it('answers unknown names under old, current and future versions 404 without building', async () => {
    const versions = [old.id, current.id, current.id + 1, 999_999_999];
    const real = fileOf(current.variants[0]!.url);
    const fresh = await freshProcess();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const version = versions[i % versions.length]!;
        const name = i % 3 === 0 ? real.replace(/\.[\w-]+\.js$/, `.forged${i}.js`) : `x${i}.js`;
        return get(`${VALIDATORS}/${version}/${name}`, Math.floor(i / 4) % 2 ? fresh : server);
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    expect(builds.count).toBe(0);
    // Loosely: 60 rebuilds took ~15 s; 60 lookups take well under that even on a busy machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    await fresh.close();
    // A real name under a version that is not published (yet) is a 404 too: no guessing ahead.
    for (const version of [current.id + 1, current.id + 50]) {
      expect((await get(`${VALIDATORS}/${version}/${real}`)).status).toBe(404);
    }
    // A module is served only under its own version.
    const oldOnly = old.variants.find(
      (v) => !current.variants.some((c) => fileOf(c.url) === fileOf(v.url)),
    );
    expect(oldOnly).toBeDefined();
    expect((await get(`${VALIDATORS}/${current.id}/${fileOf(oldOnly!.url)}`)).status).toBe(404);
    expect(builds.count).toBe(0);
  });

  it("never serves a draft's preview module under a version URL", async () => {
    const preview = await editor.request('POST', '/countries/GB/preview', {
      rules: withSortCode('^(08)\\d{4}$'),
    });
    expect(preview.status, preview.text).toBe(200);
    const variants = (preview.json?.data as { variants: ServedVariant[] }).variants;
    const previewed = variants.find((v) => v.url.startsWith(`${VALIDATORS}/preview/`));
    expect(previewed).toBeDefined();
    // The preview itself is served under its scope (signed out, as the console's frame loads it).
    expect((await get(previewed!.url)).status).toBe(200);
    builds.count = 0;
    for (const version of [old.id, current.id, current.id + 1]) {
      expect((await get(`${VALIDATORS}/${version}/${fileOf(previewed!.url)}`)).status).toBe(404);
    }
    expect(builds.count).toBe(0);
  });

  it('builds a version published before modules were stored once, however many ask', async () => {
    // As migration 0011 leaves a publication made before it: no stored modules, not marked built.
    await server.database.db.execute(
      sql`delete from validator_modules where rules_version = ${old.id}`,
    );
    await server.database.db.execute(
      sql`update rule_publications set validators_built_at = null where id = ${old.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(`${VALIDATORS}/${old.id}/unknown-${i}.js`)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    expect(builds.count).toBe(1);
    // Stored now: the same URLs as before are served, and nothing more is built.
    for (const v of old.variants) expect((await get(v.url)).status).toBe(200);
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(`${VALIDATORS}/${old.id}/again-${i}.js`)),
    );
    expect(more.map((a) => a.status)).toEqual(more.map(() => 404));
    expect(builds.count).toBe(1);
  });
});
