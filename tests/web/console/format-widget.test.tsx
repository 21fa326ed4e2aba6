// The format builder in the rule editor (src/web/console/format-widget.tsx): a pattern it can say
// opens in plain terms, changing them writes the pattern, the samples say which values pass, and a
// pattern it cannot say opens as the advanced, hand-typed pattern.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormData } from '../../../src/web/components/schema-form';
import type { RuleFile } from '../../../src/web/console/api';
import { RuleEditor } from '../../../src/web/console/rule-editor';
import { initI18n } from '../../../src/web/lib/i18n';
import { server } from '../support/server';

const API = '/master/console/v1';

const initial: FormData = {
  country: 'DE',
  name: 'Germany',
  bankAccount: {
    fields: {
      accountNumber: { required: true, pattern: '^[0-9]{6,16}$' },
      sortCode: { pattern: '^[A-Z]{2}[0-9]{6}$' },
    },
  },
};

const fieldsOf = (form: FormData | undefined) =>
  ((form?.bankAccount as Record<string, unknown>).fields ?? {}) as Record<
    string,
    { pattern?: string }
  >;

function Editor({ seen }: { seen: FormData[] }) {
  const [form, setForm] = useState(initial);
  return (
    <RuleEditor
      form={form}
      complete={(f) => f as RuleFile}
      onChange={(next) => {
        seen.push(next);
        setForm(next);
      }}
      onSave={async () => {}}
      saving={false}
      refusal={null}
    />
  );
}

describe('format builder', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('writes "digits only, from 9 to 12" as a pattern and samples it', async () => {
    server.use(
      http.get(`${API}/editor-schema`, () =>
        HttpResponse.json({ code: 404, message: 'NotFound' }, { status: 404 }),
      ),
    );
    const seen: FormData[] = [];
    const user = userEvent.setup();
    render(<Editor seen={seen} />);

    const [accountFormat, sortFormat] = await screen.findAllByRole('combobox', { name: 'Format' });
    if (!accountFormat || !sortFormat) throw new Error('no format builders');
    expect(accountFormat).toHaveValue('characters');
    const account = accountFormat.closest('.console-format') as HTMLElement;
    expect(within(account).getByRole('combobox', { name: 'Characters' })).toHaveValue('digits');
    expect(within(account).getByRole('spinbutton', { name: 'Length from' })).toHaveValue(6);
    expect(within(account).getByRole('spinbutton', { name: 'to' })).toHaveValue(16);

    fireEvent.change(within(account).getByRole('spinbutton', { name: 'Length from' }), {
      target: { value: '9' },
    });
    fireEvent.change(within(account).getByRole('spinbutton', { name: 'to' }), {
      target: { value: '12' },
    });
    await waitFor(() => expect(fieldsOf(seen.at(-1)).accountNumber?.pattern).toBe('^[0-9]{9,12}$'));
    // The pattern is written in the field's own box (its id, its label).
    expect(document.getElementById('rules_bankAccount_fields_accountNumber_pattern')).toHaveValue(
      '^[0-9]{9,12}$',
    );
    const samples = within(within(account).getByRole('list', { name: 'Samples' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(samples).toEqual([
      '482916305 passes',
      '482916305748 passes',
      '48291630 fails',
      '4829163057482 fails',
      'A82916305748 fails',
    ]);

    // One of these values.
    await user.selectOptions(accountFormat, 'oneOf');
    await user.type(
      within(account).getByRole('textbox', { name: 'Accepted values, one a line' }),
      '0123{Enter}4567',
    );
    await waitFor(() =>
      expect(fieldsOf(seen.at(-1)).accountNumber?.pattern).toBe('^(?:0123|4567)$'),
    );

    // A pattern the builder cannot say is typed by hand, as before.
    expect(sortFormat).toHaveValue('advanced');
    const sort = sortFormat.closest('.console-format') as HTMLElement;
    const typed = within(sort).getByRole('textbox', { name: /^Pattern \(regular expression/ });
    expect(typed).toHaveAttribute('id', 'rules_bankAccount_fields_sortCode_pattern');
    expect(typed).toHaveValue('^[A-Z]{2}[0-9]{6}$');
    await user.clear(typed);
    await user.type(typed, '^[[0-9]{{6}$');
    await waitFor(() => expect(fieldsOf(seen.at(-1)).sortCode?.pattern).toBe('^[0-9]{6}$'));
  });
});
