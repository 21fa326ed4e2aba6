// The rule editor's lists (src/web/console/list-templates.tsx): every button is named by what it
// does to which item and drawn with an inline icon, every item's input is labelled by its place in
// the list, and the buttons move, remove and add items.
import { render, screen, waitFor, within } from '@testing-library/react';
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
    fields: { iban: { required: true, enum: ['DE89370400440532013000'] } },
  },
  currencies: { bankAccount: ['EUR', 'USD'] },
};

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

describe('rule editor lists', () => {
  // As the console starts: English, the form's labels and messages from the locales.
  beforeAll(async () => {
    await initI18n('en');
  });

  it('names its buttons and items, and moves, removes and adds items', async () => {
    server.use(
      http.get(`${API}/editor-schema`, () =>
        HttpResponse.json({ code: 404, message: 'NotFound' }, { status: 404 }),
      ),
    );
    const seen: FormData[] = [];
    const user = userEvent.setup();
    render(<Editor seen={seen} />);

    const currencies = (await screen.findAllByRole('group', { name: 'Bank account form' })).find(
      (g) => within(g).queryByRole('textbox', { name: 'Currency 1' }),
    );
    if (!currencies) throw new Error('no currencies list');
    const list = within(currencies);
    expect(list.getByRole('textbox', { name: 'Currency 1' })).toHaveValue('EUR');
    expect(list.getByRole('textbox', { name: 'Currency 2' })).toHaveValue('USD');
    expect(screen.queryByRole('textbox', { name: /^bankAccount/ })).toBeNull();
    const buttons = list
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(buttons).toEqual([
      'Move EUR up',
      'Move EUR down',
      'Remove EUR',
      'Move USD up',
      'Move USD down',
      'Remove USD',
      ' Add currency',
    ]);
    // Every button shows an icon drawn inline, not a class of an icon font.
    for (const button of list.getAllByRole('button'))
      expect(button.querySelector('svg path')).not.toBeNull();
    expect(list.getByRole('button', { name: 'Move EUR up' })).toBeDisabled();
    expect(list.getByRole('button', { name: 'Move USD down' })).toBeDisabled();

    await user.click(list.getByRole('button', { name: 'Move USD up' }));
    expect(seen.at(-1)?.currencies).toEqual({ bankAccount: ['USD', 'EUR'] });
    expect(list.getByRole('textbox', { name: 'Currency 1' })).toHaveValue('USD');

    await user.click(list.getByRole('button', { name: 'Remove USD' }));
    expect(seen.at(-1)?.currencies).toEqual({ bankAccount: ['EUR'] });

    await user.click(list.getByRole('button', { name: 'Add currency' }));
    const added = list.getByRole('textbox', { name: 'Currency 2' });
    expect(list.getByRole('button', { name: 'Remove Currency 2' })).toBeInTheDocument();
    await user.type(added, 'GBP');
    // Typed values reach the page once typing pauses (deferred-change.ts).
    await waitFor(() => expect(seen.at(-1)?.currencies).toEqual({ bankAccount: ['EUR', 'GBP'] }));
    expect(list.getByRole('button', { name: 'Remove GBP' })).toBeInTheDocument();

    // A field's accepted values are a list of values.
    const values = screen.getByRole('group', { name: 'Accepted values' });
    expect(within(values).getByRole('textbox', { name: 'Value 1' })).toHaveValue(
      'DE89370400440532013000',
    );
    expect(within(values).getByRole('button', { name: 'Add value' })).toBeInTheDocument();
  });
});
