// A merchant may name its own consent script: the Content-Security-Policy allows that script's
// origin on that merchant's hosts, and nowhere else.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';
import { loadMerchants } from '../../src/server/services/merchants';
import { PAGE_SCRIPT_HASH } from '../../src/server/plugins/security';

const consentScript = {
  consentScriptUrl: 'https://cmp.nightfall.example/cmp.js',
  consentScriptIntegrity: `sha384-${'x'.repeat(64)}`,
};

function merchantsWithConsentScript(script: Record<string, string> = consentScript): string {
  const dir = mkdtempSync(join(tmpdir(), 'payee-merchants-'));
  for (const file of ['demo.json', 'nightfall.json']) {
    const merchant = JSON.parse(readFileSync(join('config/merchants', file), 'utf8')) as {
      configuration: { branding: Record<string, unknown> };
    };
    if (file === 'nightfall.json') Object.assign(merchant.configuration.branding, script);
    writeFileSync(join(dir, file), JSON.stringify(merchant));
  }
  return dir;
}

describe.each(DATABASE_KINDS.slice(0, 1))('consent script CSP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { MERCHANTS_DIR: merchantsWithConsentScript() });
  });
  afterAll(async () => t?.close());

  const scriptSrc = async (host: string) => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/master/auth-app/v1/login?state=%2F',
      headers: { host },
    });
    const csp = String(page.headers['content-security-policy']);
    return /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  };

  it("allows the merchant's consent origin on its own hosts only", async () => {
    // Besides the portal page's one inline script (core/routes/page-script.ts), by its hash.
    expect(await scriptSrc('nightfall.localhost')).toBe(
      `'self' ${PAGE_SCRIPT_HASH} https://cmp.nightfall.example`,
    );
    expect(await scriptSrc('localhost')).toBe(`'self' ${PAGE_SCRIPT_HASH} 'self'`);
    expect(await scriptSrc('localhost')).not.toContain('nightfall');
  });
});

describe('a consent script without an integrity hash', () => {
  it('stops the server at start, naming the missing hash', () => {
    const dir = merchantsWithConsentScript({ consentScriptUrl: consentScript.consentScriptUrl });
    expect(() => loadMerchants(dir)).toThrow(/nightfall\.json.*consentScriptIntegrity/);
  });

  it('refuses a hash that is not sha256, sha384 or sha512 in base64', () => {
    const dir = merchantsWithConsentScript({ ...consentScript, consentScriptIntegrity: 'md5-abc' });
    expect(() => loadMerchants(dir)).toThrow(/consentScriptIntegrity/);
  });
});
