// The rules check's findings in the staff member's language (issue 33): a German console says the
// draft's problems, an example's result and a refused draft's problems in German, by their codes,
// and the server's English for a code it does not know.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src/web/console/console-app';
import { loadCatalog } from '../../../src/web/console/texts';
import { initI18n } from '../../../src/web/lib/i18n';
import { loadCatalog as loadRules } from '../../../src/core/schemas/catalog';
import { server } from '../support/server';

const API = '/master/console/v1';
const staff = { id: 's-1', email: 'ana@example.com', role: 'approver', language: 'de' };
const NG = loadRules().rules.NG as unknown as Record<string, unknown>;
const EXAMPLES = (NG.examples as { description: string; form: string; valid?: boolean }[]).map(
  (e, i) => ({
    description: e.description,
    form: e.form,
    expected: e.valid ? 'pass' : 'fail',
    ok: i !== 0,
    problems: i === 0 ? ['should pass, but /accountNumber failed "pattern"'] : [],
    findings:
      i === 0
        ? [
            {
              code: 'example.shouldPass',
              params: { errors: '/accountNumber (pattern)' },
              problem: 'should pass, but /accountNumber failed "pattern"',
            },
          ]
        : [],
  }),
);
const UNANCHORED = {
  code: 'pattern.unanchored',
  params: { path: '/bankAccount/fields/accountNumber/pattern', pattern: '\\d{10}' },
  problem:
    '/bankAccount/fields/accountNumber/pattern "\\d{10}" is not anchored: start it with ^ and end it with $ so the whole value must match',
};
const NEWER = { code: 'something.newer', params: {}, problem: 'a finding of a newer server' };

function mockApi() {
  server.use(
    http.get(`${API}/whoami`, () => HttpResponse.json({ data: staff })),
    http.get(`${API}/editor-schema`, () =>
      HttpResponse.json({ code: 404, message: 'NotFound' }, { status: 404 }),
    ),
    http.get(`${API}/countries/NG`, () =>
      HttpResponse.json({
        data: {
          country: 'NG',
          name: 'Nigeria',
          rulesVersion: 0,
          publishedVersion: null,
          rules: NG,
          governedBy: 'NG',
        },
      }),
    ),
    http.get(`${API}/countries/NG/versions`, () => HttpResponse.json({ data: [] })),
    http.post(`${API}/countries/NG/preview`, () =>
      HttpResponse.json({
        data: {
          problems: [UNANCHORED.problem, NEWER.problem],
          findings: [UNANCHORED, NEWER],
          examples: EXAMPLES,
          changes: [],
          variants: [],
        },
      }),
    ),
    http.post(`${API}/countries/NG/drafts`, () =>
      HttpResponse.json(
        {
          code: 400,
          message: `RulesInvalid: country-rules/NG.json: ${UNANCHORED.problem}`,
          errors: [
            {
              path: `/rules${UNANCHORED.params.path}`,
              keyword: 'rules',
              messageKey: 'rules',
              params: {
                file: 'country-rules/NG.json',
                finding: UNANCHORED.code,
                values: UNANCHORED.params,
              },
              message: `country-rules/NG.json: ${UNANCHORED.problem}`,
            },
          ],
        },
        { status: 400 },
      ),
    ),
  );
}

const GERMAN =
  '/bankAccount/fields/accountNumber/pattern: „\\d{10}“ muss mit ^ beginnen und mit $ enden, damit der ganze Wert passen muss.';

describe('the rules check’s findings in the console', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(async () => {
    await Promise.all([loadCatalog('en'), i18next.changeLanguage('en')]);
    localStorage.clear();
    document.documentElement.lang = 'en';
  });

  it('a German console says the draft’s problems, its examples’ results and a refusal in German', async () => {
    mockApi();
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/console/countries/NG']}>
        <ConsoleApp />
      </MemoryRouter>,
    );
    const problems = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(problems).getByText('Probleme dieses Entwurfs')).toBeInTheDocument();
    expect(within(problems).getByText(GERMAN)).toBeInTheDocument();
    // A code this console does not know: the server's English.
    expect(within(problems).getByText(NEWER.problem)).toBeInTheDocument();
    expect(screen.queryByText(UNANCHORED.problem)).toBeNull();

    const examples = screen.getByRole('region', { name: 'Beispiele' });
    expect(
      within(examples).getByText('Sollte bestehen, scheitert aber: /accountNumber (pattern).'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    const refusal = (await screen.findByText('Der Server hat den Entwurf abgelehnt:')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(refusal).getByText(GERMAN, { exact: false })).toBeInTheDocument();
    expect(within(refusal).queryByText(/is not anchored/)).toBeNull();
  }, 60_000);
});
