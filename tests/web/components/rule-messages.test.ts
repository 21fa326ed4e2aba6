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

// A tab that has not loaded the newest published validators (open past the grace period, or the
// validator list failing to load) meets a refusal of a newer rule: its message key is one the tab
// does not know, and the server's text says what the new rule wants.
describe("a newer rule's refusal from the server", () => {
  const stale: JsonSchema = {
    type: 'object',
    properties: { accountNumber: { type: 'string', pattern: '^[0-9]{6,16}$' } },
  };
  const refusal = {
    path: '/accountNumber',
    keyword: 'pattern',
    messageKey: 'accountNumber.deConsole',
    params: { pattern: '^[0-9]{9,12}$' },
  };

  it("shows the server's text, not the tab's older generic message", async () => {
    await initI18n('en', ['common', ...FORM_NAMESPACES]);
    const t = i18next.t.bind(i18next);
    const server = 'Account number: 9 to 12 digits, as German banks number accounts.';
    expect(describeFieldError(refusal, stale, t, i18next, server)).toBe(server);
    // Without the server's text (the browser's own check), the generic message stays.
    expect(describeFieldError(refusal, stale, t, i18next)).toBe(
      describeFieldError({ ...refusal, messageKey: 'pattern' }, stale, t, i18next),
    );
    // A key the tab knows is still shown in the current language, with the field's label.
    await setLanguage('de');
    const known = describeFieldError(
      { ...refusal, messageKey: 'pattern' },
      stale,
      i18next.t.bind(i18next),
      i18next,
      server,
    );
    expect(known).not.toBe(server);
    expect(known).toBe(
      describeFieldError(
        { ...refusal, messageKey: 'pattern' },
        stale,
        i18next.t.bind(i18next),
        i18next,
      ),
    );
  });
});
