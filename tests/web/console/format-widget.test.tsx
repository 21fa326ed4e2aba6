// The format builder in the rule editor (src/web/console/format-widget.tsx): a pattern it can say
// opens in plain terms, changing them writes the pattern, a check sets the rule's keyword, the
// samples say which values the draft's compiled rules accept, and a pattern it cannot say opens as
// the advanced, hand-typed pattern. The draft's forms are composed and compiled here as the
// server's preview does (src/core/schemas/compose.ts, the engine's ajv and keywords).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect, useMemo, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/core/schemas/catalog';
import { createComposer } from '../../../src/core/schemas/compose';
import type { CountryRules } from '../../../src/core/schemas/country-rules';
import { createAjv } from '../../../src/core/validation/ajv';
import type { PrecompiledModule } from '../../../src/core/validation/precompiled';
import type { FormData } from '../../../src/web/components/schema-form';
import type { Preview, RuleFile } from '../../../src/web/console/api';
import { splitRuleFile, toRuleFile } from '../../../src/web/console/editor-schema';
import { FormatBuilderProvider } from '../../../src/web/console/format-provider';
import { RuleEditor } from '../../../src/web/console/rule-editor';
import type { PreviewState } from '../../../src/web/console/use-preview';
import { initI18n } from '../../../src/web/lib/i18n';
import { server } from '../support/server';

const API = '/master/console/v1';
const catalog = loadCatalog();
const ajv = createAjv();
const compiled = new Map<string, PrecompiledModule>();
let builds = 0;

/** The draft's forms as the preview serves them: composed from the draft, compiled. */
function previewOf(country: string, rules: RuleFile): Preview {
  const composer = createComposer({
    ...catalog,
    rules: { ...catalog.rules, [country]: rules as unknown as CountryRules },
  });
  const methods = (rules.bankAccount as { transferMethods?: string[] }).transferMethods ?? [];
  const forms: { formId: string; method?: string }[] = [
    ...methods.map((method) => ({ formId: 'bank-account', method })),
    { formId: 'address' },
    { formId: 'profile-person' },
  ];
  const variants = forms.map(({ formId, method }) => {
    const { schema } = composer.compose(formId, { country, method } as never);
    const url = `draft-${++builds}`;
    const { $id: _id, ...withoutId } = schema;
    compiled.set(url, { key: url, schema, validate: ajv.compile(withoutId) });
    return { formId, country, ...(method ? { method } : {}), url };
  });
  return { problems: [], findings: [], examples: [], changes: [], variants };
}

const start = splitRuleFile(catalog.rules.GB as unknown as RuleFile);
const fileOf = (form: FormData) => toRuleFile(form, start.aside, []);

/** The draft's modules, as the preview's URLs name them. */
const loadModule = async (url: string) => compiled.get(url) as PrecompiledModule;

/** The draft as it is after the last change. */
const latest = { current: start.form };

/** The country page's editor and builders over a GB draft, its preview following each change. */
function Page() {
  const [form, setForm] = useState<FormData>(start.form);
  useEffect(() => {
    latest.current = form;
  }, [form]);
  // A pattern that does not compile is refused by the server: the preview is an error then.
  const preview = useMemo<PreviewState>(() => {
    try {
      return { status: 'ready', preview: previewOf('GB', fileOf(form)) };
    } catch (error) {
      return { status: 'error', message: String(error) };
    }
  }, [form]);
  return (
    <FormatBuilderProvider
      country="GB"
      form={form}
      onChange={setForm}
      preview={preview}
      loadModule={loadModule}
    >
      <RuleEditor
        form={form}
        complete={fileOf}
        onChange={setForm}
        onSave={async () => {}}
        saving={false}
        refusal={null}
      />
    </FormatBuilderProvider>
  );
}

type Rules = Record<string, Record<string, unknown>>;
const bankFields = (form: FormData) => (form.bankAccount as { fields: Rules }).fields;

const samplesIn = (builder: HTMLElement, name: string) =>
  within(within(builder).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('format builder', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    latest.current = start.form;
    server.use(
      http.get(`${API}/editor-schema`, () =>
        HttpResponse.json({ code: 404, message: 'NotFound' }, { status: 404 }),
      ),
    );
  });

  it('opens a file’s formats and checks in plain terms, with samples checked by the compiled draft', async () => {
    render(<Page />);

    const account = await screen.findByRole('group', { name: 'Format of Account number' });
    expect(within(account).getByRole('combobox', { name: 'Format' })).toHaveValue('characters');
    expect(within(account).getByRole('combobox', { name: 'Characters' })).toHaveValue('digits');
    expect(within(account).getByRole('spinbutton', { name: 'Length from' })).toHaveValue(8);
    expect(within(account).getByRole('spinbutton', { name: 'to' })).toHaveValue(8);
    // ukModulus: "sortCode" is the UK modulus check, offered from the list, not a pattern.
    expect(within(account).getByRole('combobox', { name: 'Check' })).toHaveValue('ukModulus');
    expect(
      within(account).getByRole('textbox', { name: 'Field holding the sort code' }),
    ).toHaveValue('sortCode');
    await waitFor(() =>
      expect(samplesIn(account, 'Made to pass')).toEqual(['66374958 (sortCode 089999) passes']),
    );
    expect(samplesIn(account, 'Made to fail')).toEqual([
      '4829163 fails',
      '482916305 fails',
      'A8291630 fails',
      '66374959 (sortCode 089999) fails',
    ]);
    // A message key named after the pattern check is a plain text, not a format.
    expect(screen.queryByRole('group', { name: 'Format of messages' })).toBeNull();
    // The form does not show the check a second time.
    expect(
      screen.queryByRole('textbox', { name: /UK modulus check against the field/ }),
    ).toBeNull();

    // The tax number check of the identity number, with a valid NINO and one with a wrong prefix.
    const tin = screen.getByRole('group', { name: 'Format of Taxpayer identification number' });
    expect(within(tin).getByRole('combobox', { name: 'Check' })).toHaveValue('taxId');
    expect(within(tin).getByRole('combobox', { name: 'Tax number' })).toHaveValue('GB.nino');
    await waitFor(() => expect(samplesIn(tin, 'Made to pass')).toEqual(['AB123456C passes']));
    expect(samplesIn(tin, 'Made to fail')).toEqual(['BG123456C fails']);

    // A pattern it cannot say (UK postcodes) is typed by hand, in the field's own box.
    const postcode = screen.getByRole('group', { name: 'Format of Postal code' });
    expect(within(postcode).getByRole('combobox', { name: 'Format' })).toHaveValue('advanced');
    expect(document.getElementById('rules_address_fields_postalCode_pattern')).toHaveValue(
      (start.form.address as { fields: Rules }).fields.postalCode?.pattern as string,
    );
  });

  it('writes a fixed shape, a beginning and a length, and a list of values; refuses an empty shape by name', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const sort = await screen.findByRole('group', { name: 'Format of Sort code' });
    const mode = within(sort).getByRole('combobox', { name: 'Format' });

    // A fixed shape from an example mask.
    await user.selectOptions(mode, 'mask');
    const shape = within(sort).getByRole('textbox', { name: 'Shape' });
    fireEvent.change(shape, { target: { value: '99-99-99' } });
    await waitFor(() =>
      expect(bankFields(latest.current).sortCode?.pattern).toBe('^[0-9]{2}-[0-9]{2}-[0-9]{2}$'),
    );
    expect(document.getElementById('rules_bankAccount_fields_sortCode_pattern')).toHaveValue(
      '^[0-9]{2}-[0-9]{2}-[0-9]{2}$',
    );
    await waitFor(() =>
      expect(samplesIn(sort, 'Made to pass')).toEqual(['48-29-16 passes', '16-30-57 passes']),
    );
    expect(samplesIn(sort, 'Made to fail')).toEqual([
      '48-29-1 fails',
      '48-29-166 fails',
      'A8-29-16 fails',
      '482916 fails',
    ]);

    // A shape with no 9, A, a, X or x: an error named by its box, and the pattern stays.
    fireEvent.change(shape, { target: { value: '--' } });
    const error =
      'Shape: write at least one 9, A, a, X or x; the other characters stand for themselves.';
    expect(within(sort).getByText(error)).toBeInTheDocument();
    expect(shape).toHaveAttribute('aria-invalid', 'true');
    expect(shape).toHaveAccessibleDescription(expect.stringContaining(error));
    expect(bankFields(latest.current).sortCode?.pattern).toBe('^[0-9]{2}-[0-9]{2}-[0-9]{2}$');

    // Starts with one of …, then characters and length.
    await user.selectOptions(mode, 'prefix');
    const beginnings = within(sort).getByRole('textbox', {
      name: 'Starts with one of these, one a line',
    });
    await user.clear(beginnings);
    await user.type(beginnings, '08{Enter}20');
    const rest = within(sort).getByRole('spinbutton', { name: 'Length from' });
    fireEvent.change(rest, { target: { value: '4' } });
    fireEvent.change(within(sort).getByRole('spinbutton', { name: 'to' }), {
      target: { value: '4' },
    });
    await waitFor(() =>
      expect(bankFields(latest.current).sortCode?.pattern).toBe('^(?:08|20)[0-9]{4}$'),
    );
    await waitFor(() =>
      expect(samplesIn(sort, 'Made to pass')).toEqual([
        '084829 passes',
        '204829 passes',
        '089163 passes',
      ]),
    );
    expect(samplesIn(sort, 'Made to fail')).toEqual([
      '18' + '4829 fails',
      '08482 fails',
      '0848291 fails',
      '08A482 fails',
    ]);

    // One of these values.
    await user.selectOptions(mode, 'oneOf');
    await user.type(
      within(sort).getByRole('textbox', { name: 'Accepted values, one a line' }),
      '404784{Enter}089999',
    );
    await waitFor(() =>
      expect(bankFields(latest.current).sortCode?.pattern).toBe('^(?:404784|089999)$'),
    );

    // No format of its own: the pattern goes.
    await user.selectOptions(mode, 'none');
    await waitFor(() => expect(bankFields(latest.current).sortCode?.pattern).toBeUndefined());
  });

  it('sets a check by its keyword, and says when the draft refuses what the check is made to pass', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const account = await screen.findByRole('group', { name: 'Format of Account number' });
    const check = within(account).getByRole('combobox', { name: 'Check' });

    await user.selectOptions(check, 'iban');
    await waitFor(() => expect(bankFields(latest.current).accountNumber?.iban).toBe(true));
    expect(bankFields(latest.current).accountNumber).not.toHaveProperty('ukModulus');
    // The account number's 8 digits refuse an IBAN: the sample says so rather than passing.
    await waitFor(() =>
      expect(samplesIn(account, 'Made to pass')).toEqual([
        expect.stringMatching(
          /^GB\d{2}[A-Z]{4}\d{14} fails \(meant to pass: another rule of the draft refuses it\)$/,
        ),
      ]),
    );
    // No format of its own: the one the file inherits (_default's) is said, and the IBAN passes.
    await user.selectOptions(within(account).getByRole('combobox', { name: 'Format' }), 'none');
    await waitFor(() =>
      expect(samplesIn(account, 'Made to pass')).toEqual([
        expect.stringMatching(/^GB\d{2}[A-Z]{4}\d{14} passes$/),
      ]),
    );
    expect(
      within(account).getByText(
        'This file sets no format of its own; the rules it follows ask for',
      ),
    ).toHaveTextContent('^[A-Za-z0-9]{1,31}$');

    // IBANs of named countries; a wrong code is an error named by its box.
    const countries = within(account).getByRole('textbox', {
      name: 'IBANs of these countries (codes; empty: this country)',
    });
    await user.type(countries, 'GB IM');
    await waitFor(() =>
      expect(bankFields(latest.current).accountNumber?.iban).toEqual(['GB', 'IM']),
    );
    await user.type(countries, '1');
    expect(countries).toHaveAttribute('aria-invalid', 'true');
    expect(countries).toHaveAccessibleDescription(
      'IBANs of these countries: two-letter codes separated by spaces, e.g. FR BL.',
    );
    expect(bankFields(latest.current).accountNumber?.iban).toEqual(['GB', 'IM']);

    await user.selectOptions(check, 'abaRouting');
    await waitFor(() => expect(bankFields(latest.current).accountNumber?.abaRouting).toBe(true));
    expect(bankFields(latest.current).accountNumber).not.toHaveProperty('iban');
    await waitFor(() =>
      expect(samplesIn(account, 'Made to pass')).toEqual(['021000021 passes', '011000015 passes']),
    );
    expect(samplesIn(account, 'Made to fail')).toEqual(['021000022 fails', '02100002 fails']);

    await user.selectOptions(check, '');
    await waitFor(() =>
      expect(bankFields(latest.current).accountNumber).not.toHaveProperty('abaRouting'),
    );
  });

  it('writes "digits only, from 9 to 12", and takes a typed pattern as typed', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const account = await screen.findByRole('group', { name: 'Format of Account number' });
    // Typed as people type: "9" from is more than the 8 "to" says, until "to" is 12 (through
    // "1"): nothing is written or corrected meanwhile, and the error says why.
    const from = within(account).getByRole('spinbutton', { name: 'Length from' });
    const to = within(account).getByRole('spinbutton', { name: 'to' });
    await user.clear(from);
    await user.type(from, '9');
    const error = 'Length: “to” must be at least 9.';
    expect(within(account).getByText(error)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(error);
    expect(bankFields(latest.current).accountNumber?.pattern).toBe('^\\d{8}$');
    await user.clear(to);
    await user.type(to, '12');
    expect(from).toHaveValue(9);
    expect(within(account).queryByText(error)).toBeNull();
    await waitFor(() =>
      expect(bankFields(latest.current).accountNumber?.pattern).toBe('^[0-9]{9,12}$'),
    );
    expect(bankFields(latest.current).accountNumber?.ukModulus).toBe('sortCode');

    // The pattern's own box, labelled as before, takes a hand-typed pattern.
    const box = document.getElementById(
      'rules_bankAccount_fields_accountNumber_pattern',
    ) as HTMLInputElement;
    expect(box).toHaveAccessibleName(/^Pattern \(regular expression/);
    await user.clear(box);
    await user.type(box, '^[[0-9]{{6}[[A-Z]$');
    await waitFor(() =>
      expect(bankFields(latest.current).accountNumber?.pattern).toBe('^[0-9]{6}[A-Z]$'),
    );
    // A pattern the builder can say switches the choice to it: 6 digits then a letter is a shape.
    expect(within(account).getByRole('combobox', { name: 'Format' })).toHaveValue('mask');
    expect(within(account).getByRole('textbox', { name: 'Shape' })).toHaveValue('999999A');
    await user.type(box, '+');
    expect(within(account).getByRole('combobox', { name: 'Format' })).toHaveValue('advanced');
  });
});
