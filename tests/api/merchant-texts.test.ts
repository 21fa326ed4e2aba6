// The merchant's own pages and footer words reach a visitor without a session, per language, from
// the configuration call the portal makes first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';

type Configuration = {
  staticPages: Record<string, Record<string, { title: string; body: string }>>;
  branding: { footer: { termsUrl: string; translations: Record<string, { freeText: string }> } };
};

describe.each(DATABASE_KINDS.slice(0, 1))('merchant texts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('serves the terms, privacy policy and FAQ in five languages to a visitor', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/master/funnel/v1/configs',
      headers: { host: 'localhost' },
    });
    expect(response.statusCode).toBe(200);
    const configuration = (response.json() as { data: Configuration }).data;
    for (const page of ['terms', 'privacy', 'faq'])
      expect(Object.keys(configuration.staticPages[page] ?? {}).sort()).toEqual([
        'de',
        'en',
        'es',
        'fr',
        'pt',
      ]);
    expect(configuration.staticPages.terms?.fr?.title).toBe('Conditions d’utilisation');
    expect(configuration.branding.footer.termsUrl).toBe('/static/terms');
    expect(configuration.branding.footer.translations.de?.freeText).toContain('Händler');
  });
});
