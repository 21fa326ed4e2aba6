// The rule editor's form (src/web/console/editor-schema.ts): every rule file goes through the form
// and back unchanged, and the form's schema carries nothing our trimmed RJSF cannot render.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  editorSchema,
  editorVariant,
  splitRuleFile,
  toRuleFile,
} from '../../../src/web/console/editor-schema';

const DIR = join(__dirname, '../../../country-rules');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.includes('.schema.'));

describe('rule editor form', () => {
  it.each(files)('%s goes through the form and back unchanged', (file) => {
    const rules = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Record<string, unknown>;
    const { form, aside } = splitRuleFile(rules);
    expect(form).not.toHaveProperty('examples');
    expect(toRuleFile(form, aside, rules.examples as unknown[])).toEqual(rules);
  });

  it('has no $ref, oneOf, anyOf or allOf for RJSF to resolve', () => {
    const text = JSON.stringify(editorSchema());
    for (const keyword of ['$ref', 'oneOf', 'anyOf', 'allOf'])
      expect(text).not.toContain(`"${keyword}"`);
  });

  it("shows a file's own fields with required, pattern and lengths, not every check", () => {
    const gb = JSON.parse(readFileSync(join(DIR, 'GB.json'), 'utf8')) as Record<string, unknown>;
    const { schema } = editorVariant(splitRuleFile(gb).form);
    const fields = (schema.properties?.bankAccount?.properties?.fields?.properties ?? {}) as Record<
      string,
      { properties?: Record<string, unknown> }
    >;
    expect(Object.keys(fields)).toEqual(['sortCode', 'accountNumber', 'bic']);
    expect(Object.keys(fields.sortCode?.properties ?? {})).toEqual(
      expect.arrayContaining(['required', 'pattern', 'minLength', 'maxLength', 'messages']),
    );
    expect(fields.sortCode?.properties).not.toHaveProperty('iban');
    expect(fields.accountNumber?.properties).toHaveProperty('ukModulus');
  });
});
