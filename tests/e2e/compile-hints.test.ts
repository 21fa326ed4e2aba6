// V8's compile hint on the built portal (scripts/compile-hints.ts), as the server sends the files:
// the chunks /bank-account runs as they arrive (the shell, the screen, the form engine and the
// variant loaders) start with `//# allFunctionsCalledOnLoad` in their Brotli and gzip copies alike,
// so Chromium compiles them while they download; the language texts, the lookup libraries and the
// small chunks do not carry it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { bundleReport } from '../../scripts/bundle-report';
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES, UNHINTED_CHUNKS } from '../../scripts/compile-hints';
import { REPO_ROOT } from './support/constants';

const ASSETS = join(REPO_ROOT, 'dist/web/assets');
const base = () => `http://localhost:${inject('e2ePort')}`;

/** The file's text as the server sends it with this encoding (fetch undoes the encoding). */
async function sent(file: string, encoding: 'br' | 'gzip'): Promise<string> {
  const response = await fetch(`${base()}/assets/${file}`, {
    headers: { 'accept-encoding': encoding },
  });
  expect(response.status, file).toBe(200);
  expect(response.headers.get('content-encoding'), file).toBe(encoding);
  return response.text();
}

const chunkName = (file: string) => basename(file).replace(/-[\w-]{8}\.js$/, '');

describe('compile hints (the built portal)', () => {
  it("/bank-account's shell, screen and form engine start with the hint, as sent", async () => {
    const report = await bundleReport();
    const files = report.find((r) => r.path === '/bank-account')!.files.map((f) => basename(f));
    for (const chunk of ['core', 'app', 'bank-account-page', 'vendor-forms', 'schema-form']) {
      const file = files.find((f) => chunkName(f) === chunk);
      expect(file, `${chunk} among /bank-account's files ${files.join(', ')}`).toBeDefined();
      for (const encoding of ['br', 'gzip'] as const)
        expect((await sent(file!, encoding)).startsWith(`${COMPILE_HINT}\n`), file).toBe(true);
    }
  });

  it('texts, lookup libraries and small chunks carry no hint', async () => {
    const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
    const unhinted = files.filter(
      (f) =>
        /^(common|form-texts-\w+)$/.test(chunkName(f)) ||
        UNHINTED_CHUNKS.includes(chunkName(f)) ||
        statSync(join(ASSETS, f)).size < COMPILE_HINT_MIN_BYTES,
    );
    // The lookup libraries and both kinds of texts are there to be checked.
    for (const chunk of [...UNHINTED_CHUNKS, 'common', 'form-texts-en'])
      expect(unhinted.map(chunkName), chunk).toContain(chunk);
    for (const file of unhinted)
      expect(readFileSync(join(ASSETS, file), 'utf8').startsWith(COMPILE_HINT), file).toBe(false);
    // And as sent: the English texts and a lookup library.
    for (const chunk of ['common', 'vendor-tax-id']) {
      const file = unhinted.find((f) => chunkName(f) === chunk)!;
      expect((await sent(file, 'br')).startsWith(COMPILE_HINT), file).toBe(false);
    }
  });
});
