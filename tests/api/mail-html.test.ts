// Every composed mail carries a branded HTML alternative: the same words under the merchant's name,
// links clickable, and a merchant name that is markup escaped rather than run.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { createClaim, outbox, startTestApp, uniqueEmail, type TestApp } from './support/harness';

const HOSTILE = '<script>alert(1)</script> & "Co"';

function merchantNamed(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'payee-merchants-'));
  const demo = JSON.parse(readFileSync('config/merchants/demo.json', 'utf8')) as {
    configuration: { branding: { merchantName: string } };
  };
  demo.configuration.branding.merchantName = name;
  writeFileSync(join(dir, 'demo.json'), JSON.stringify(demo));
  return dir;
}

describe.each(DATABASE_KINDS.slice(0, 1))('branded HTML mail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { MERCHANTS_DIR: merchantNamed(HOSTILE) });
  });
  afterAll(async () => t?.close());

  it('sends the invitation as text and as escaped, branded HTML with its link', async () => {
    const email = uniqueEmail('html');
    const created = await createClaim(t.app, email, '12.0000', 'USD');
    const [mail] = await outbox(t.app, email);
    expect(mail?.text).toContain(HOSTILE);
    const html = mail?.html ?? '';
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<a href="${created.inviteUrl}">`);
    expect(html).toContain('$12.00');
    expect(html).toMatch(/<html lang="en">/);
  });
});
