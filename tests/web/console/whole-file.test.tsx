// The whole rule file in the console's form (issue 33 point 2), over a mocked API: a rule added for
// a field the file did not set, a field turned off, the IBAN check set, a rule removed, all in the
// draft sent; a country with no file opened from a template and saved as its draft; a country's
// file retired.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src/web/console/console-app';
import i18next from 'i18next';
import { initI18n } from '../../../src/web/lib/i18n';
import { loadCatalog as loadConsoleCatalog } from '../../../src/web/console/texts';
import { server } from '../support/server';
import { loadCatalog } from '../../../src/core/schemas/catalog';
import { countryFromTemplate } from '../../../src/core/rules/country-templates';

const API = '/master/console/v1';
const staff = { id: 's-1', email: 'ana@example.com', role: 'editor' };
const catalog = loadCatalog();
const NG = catalog.rules.NG as unknown as Record<string, unknown>;
const version = (id: number, country: string, status = 'draft', file = true) => ({
  id,
  country,
  status,
  file,
  author: staff.email,
  createdAt: '2026-11-27T10:00:00.000Z',
  basedOn: 0,
  baseVersion: null,
  approvedBase: null,
  restoredFrom: null,
  reviewer: null,
  reviewComment: null,
  reviewedAt: null,
  publishedAt: null,
});

/** The console's API for one country; what the editor saves is kept in `posted`. */
function mockApi(
  country: string,
  rules: Record<string, unknown> | null,
  versions: ReturnType<typeof version>[] = [],
) {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.get(`${API}/whoami`, () => HttpResponse.json({ data: staff })),
    http.get(`${API}/editor-schema`, () =>
      HttpResponse.json({ code: 404, message: 'NotFound' }, { status: 404 }),
    ),
    http.get(`${API}/countries/${country}`, () =>
      HttpResponse.json({
        data: {
          country,
          name: (rules?.name as string | undefined) ?? 'South Africa',
          rulesVersion: 0,
          publishedVersion: null,
          rules,
          governedBy: rules ? country : '_default',
        },
      }),
    ),
    http.get(`${API}/countries/${country}/versions`, () => HttpResponse.json({ data: versions })),
    http.get(`${API}/countries/${country}/templates/:template`, ({ params }) =>
      HttpResponse.json({
        data: countryFromTemplate(params.template as 'clearing', country),
      }),
    ),
    http.post(`${API}/countries/${country}/preview`, () =>
      HttpResponse.json({
        data: { problems: [], findings: [], examples: [], changes: [], variants: [] },
      }),
    ),
    http.post(`${API}/countries/${country}/drafts`, async ({ request }) => {
      posted.push({ path: 'drafts', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ data: version(7, country) }, { status: 201 });
    }),
    http.post(`${API}/countries/${country}/retirement`, async ({ request }) => {
      posted.push({ path: 'retirement', body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ data: version(8, country) }, { status: 201 });
    }),
  );
  return posted;
}

/** An input of the rule editor's form by its id (the form opens again when its fields change). */
const inForm = (id: string) =>
  waitFor(() => {
    const input = document.getElementById(id);
    if (!input) throw new Error(`no ${id} in the rule editor`);
    return input;
  });

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleApp />
    </MemoryRouter>,
  );

describe('the whole rule file in the console', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('adds a rule to a field the file does not set, turns one off, sets the IBAN check, removes a rule', async () => {
    const posted = mockApi('NG', NG);
    const user = userEvent.setup();
    renderAt('/console/countries/NG');
    const panel = await screen.findByRole('region', { name: 'Fields the file sets' });
    const bank = within(panel).getByRole('group', { name: 'Bank account form' });
    expect(bank).toHaveTextContent('The file sets no field of this form.');
    const other = within(bank).getByRole('combobox', {
      name: 'Another field of the bank account form',
    });

    // bankName: a rule of its own, required.
    await user.selectOptions(other, 'bankName');
    await user.click(
      within(bank).getByRole('button', {
        name: 'Add rule: bankName, Bank account form (Bank name)',
      }),
    );
    // Named by the portal's label for the field, its code beside.
    const bankName = within(bank).getByText('Bank name').closest('li') as HTMLElement;
    expect(bankName).toHaveTextContent(/^Bank name bankName rule/);
    expect(
      within(other).getByRole('option', { name: 'BIC (SWIFT code) (bic)' }),
    ).toBeInTheDocument();
    // The rule's own form: its required box.
    await user.click(await inForm('rules_bankAccount_fields_bankName_required'));

    // bic: turned off; iban: a rule with the IBAN check, then removed again.
    await user.selectOptions(other, 'bic');
    await user.click(
      within(bank).getByRole('button', {
        name: 'Turn off: bic, Bank account form (BIC (SWIFT code))',
      }),
    );
    expect(within(bank).getByText('turned off')).toBeInTheDocument();
    await user.selectOptions(other, 'iban');
    await user.click(
      within(bank).getByRole('button', { name: 'Add rule: iban, Bank account form (IBAN)' }),
    );
    // Its check, the IBAN of this country, chosen in the format builder.
    const ibanFormat = await screen.findByRole('group', { name: 'Format of IBAN' });
    await user.selectOptions(within(ibanFormat).getByRole('combobox', { name: 'Check' }), 'iban');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/Saved as draft version 7/);
    const first = posted.at(-1)?.body.rules as { bankAccount: { fields: unknown } };
    expect(first.bankAccount.fields).toEqual({
      bankName: { required: true },
      iban: { iban: true },
      bic: false,
    });

    await user.click(
      within(bank).getByRole('button', { name: 'Remove rule: iban, Bank account form (IBAN)' }),
    );
    await user.click(
      within(bank).getByRole('button', {
        name: 'Turn on again: bic, Bank account form (BIC (SWIFT code))',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    const second = posted.at(-1)?.body.rules as { bankAccount: { fields: unknown } };
    expect(second.bankAccount.fields).toEqual({ bankName: { required: true } });
    // Everything else in the file went back as it was.
    expect({ ...second, bankAccount: undefined }).toEqual({ ...NG, bankAccount: undefined });

    // The file retired: a draft of its own.
    await user.click(screen.getByRole('button', { name: 'Retire the file' }));
    await screen.findByText(/Saved as draft version 8: it retires the file/);
    expect(posted.at(-1)).toEqual({ path: 'retirement', body: { baseVersion: null } });
  }, 60_000);

  it('creates a country that has no file from a template', async () => {
    const posted = mockApi('ZA', null);
    const user = userEvent.setup();
    renderAt('/console/countries/ZA');
    expect(
      await screen.findByText('ZA has no rule file of its own: it follows _default.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /National clearing code/ }));
    await user.click(screen.getByRole('button', { name: 'Open in the editor' }));
    expect(
      await screen.findByText(/A new rule file for ZA, made from a template/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retire the file' })).toBeNull();
    const examples = screen.getByRole('region', { name: 'Examples' });
    expect(within(examples).getByText('A clearing code one digit short')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(/Saved as draft version 7/);
    expect(posted.at(-1)?.body).toMatchObject({
      baseVersion: null,
      rules: {
        country: 'ZA',
        name: 'South Africa',
        source: expect.stringContaining('National clearing'),
        bankAccount: { fields: { sortCode: { required: true, pattern: '^\\d{6}$' } } },
      },
    });
  }, 60_000);

  it('names the seed of a country that had no file as such, and fields by the portal’s labels', async () => {
    mockApi('ZA', null, [version(9, 'ZA'), version(8, 'ZA', 'seed', false)]);
    mockApi('NG', NG, [version(5, 'NG', 'seed', true)]);
    const first = renderAt('/console/countries/ZA');
    const versions = await screen.findByRole('region', { name: 'Versions' });
    expect(await within(versions).findByText('seed (no file of its own)')).toBeInTheDocument();
    expect(within(versions).queryByText('seed (the file)')).toBeNull();
    first.unmount();
    // In German, for the staff member who chose it; a country whose seed is its file says so.
    server.use(
      http.get(`${API}/whoami`, () => HttpResponse.json({ data: { ...staff, language: 'de' } })),
    );
    try {
      const second = renderAt('/console/countries/ZA');
      const za = await screen.findByRole('region', { name: 'Versionen' });
      expect(await within(za).findByText('Ausgangsstand (keine eigene Datei)')).toBeVisible();
      second.unmount();
      renderAt('/console/countries/NG');
      const ng = await screen.findByRole('region', { name: 'Versionen' });
      expect(await within(ng).findByText('Ausgangsstand (die Datei)')).toBeVisible();
      // The fields panel names a field by the portal's German label, its code beside.
      const bank = within(
        screen.getByRole('region', { name: 'Felder, die die Datei festlegt' }),
      ).getByRole('group', { name: 'Bankkontoformular' });
      expect(
        within(bank).getByRole('option', { name: 'Kontonummer (accountNumber)' }),
      ).toBeInTheDocument();
    } finally {
      await Promise.all([loadConsoleCatalog('en'), i18next.changeLanguage('en')]);
      localStorage.clear();
      document.documentElement.lang = 'en';
    }
  }, 60_000);
});
