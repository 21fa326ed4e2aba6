// A message the country rules wrote themselves (published from the rules console) is what the
// portal shows, in the current language, with the field's label in it.
import { afterAll, describe, expect, it } from 'vitest';
import { describeFieldError } from '../../../src/web/components/schema-form/messages';
import { FORM_NAMESPACES, i18next, initI18n, setLanguage } from '../../../src/web/lib/i18n';
import type { JsonSchema } from '../../../src/core/schemas/json-schema';

const KEY = 'sortCode.gbConsole';
const schema: JsonSchema = {
  type: 'object',
  properties: {
    sortCode: {
      type: 'string',
      pattern: '^[0-8]\\d{5}$',
      'x-messages': { pattern: KEY },
      'x-message-texts': {
        [KEY]: {
          en: '{{field}}: UK sort codes never start with 9.',
          es: '{{field}}: los sort codes británicos nunca empiezan por 9.',
          fr: '{{field}} : jamais 9.',
          pt: '{{field}}: nunca 9.',
          de: '{{field}}: nie 9.',
        },
      },
    },
  },
};
const error = { path: '/sortCode', keyword: 'pattern', messageKey: KEY, params: {} };

describe('messages written by the country rules', () => {
  afterAll(() => setLanguage('en'));

  it('shows the text of the current language with the field label', async () => {
    // What a page with a form has loaded: the field labels and messages besides the common texts.
    await initI18n('en', ['common', ...FORM_NAMESPACES]);
    const t = i18next.t.bind(i18next);
    expect(describeFieldError(error, schema, t, i18next)).toBe(
      'Sort code: UK sort codes never start with 9.',
    );
    await setLanguage('es');
    expect(describeFieldError(error, schema, i18next.t.bind(i18next), i18next)).toMatch(
      /: los sort codes británicos nunca empiezan por 9\.$/,
    );
  });
});
