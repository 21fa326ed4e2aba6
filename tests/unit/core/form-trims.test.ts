// What the portal's bundle leaves out of RJSF and ajv-formats is safe to leave out: no composed
// form schema carries `$ref` or `allOf` (RJSF's resolver and merger are stubbed), no
// uiSchema turns markdown on (markdown-to-jsx is stubbed), and the runtime's own `date` format
// agrees with ajv-formats' on every kind of input; the server's sign-in and mail texts are not
// read by the portal (vite.config.ts leaves them out of its language chunks).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullFormats } from 'ajv-formats/dist/formats';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/core/schemas/catalog';
import { isDate } from '../../../src/core/validation/runtime';
import { SERVER_ONLY_TEXTS } from '../../../vite.config';

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

const VALIDATORS = join(REPO_ROOT, 'src/core/generated/validators');

describe('form bundle trims', () => {
  it('composes every form variant without $ref or allOf', async () => {
    const files = readdirSync(VALIDATORS).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const { schema } = (await import(join(VALIDATORS, file))) as { schema: unknown };
      const text = JSON.stringify(schema);
      for (const keyword of ['"$ref"', '"allOf"']) expect(text, file).not.toContain(keyword);
    }
  });

  it('never asks RJSF for markdown', () => {
    const dir = join(REPO_ROOT, 'ui-schemas');
    for (const file of readdirSync(dir))
      expect(readFileSync(join(dir, file), 'utf8'), file).not.toMatch(/enableMarkdown/);
  });

  it('leaves out of the browser only texts the portal never reads', () => {
    for (const file of sourcesUnder(join(REPO_ROOT, 'src/web'))) {
      const source = readFileSync(file, 'utf8');
      for (const block of SERVER_ONLY_TEXTS)
        expect(source, file).not.toMatch(new RegExp(`['"\`]${block}\\.`));
    }
  });

  it('checks dates as ajv-formats does', () => {
    const ajvDate = fullFormats.date as { validate: (s: string) => boolean };
    const samples = [
      '2024-02-29',
      '2023-02-29',
      '1900-02-29',
      '2000-02-29',
      '2024-04-31',
      '2024-12-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-1-01',
      '24-01-01',
      '2024-01-01T00:00',
      '',
      ' 2024-01-01',
      '2024-06-15',
      '0000-01-01',
      '9999-12-31',
      '2024-01-32',
      '２０２４-01-01',
    ];
    for (const sample of samples) expect(isDate(sample), sample).toBe(ajvDate.validate(sample));
  });
});
