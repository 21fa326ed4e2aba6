import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorsOf, renderForm } from '../support/schema-form';

// A stored US ACH account being edited: its numbers are not shown, the server keeps them.
const STORED = {
  countryCode: 'US',
  transferMethod: 'ACH',
  nickname: 'Checking',
  accountType: 'CHECKING',
};
const EDIT = {
  optionalFields: ['accountNumber', 'routingNumber'],
  notes: { accountNumber: 'Leave empty to keep •••• 6789' },
};

const requiredMarker = (input: HTMLElement) =>
  input
    .closest('.schema-form__field')
    ?.querySelector('.schema-form__label .schema-form__required') ?? null;

describe('SchemaForm edit mode', () => {
  it('submits with the optional fields and their confirmation left empty', async () => {
    const { user, onSubmit } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      method: 'ACH',
      formData: STORED,
      editMode: EDIT,
    });
    const account = screen.getByRole('textbox', { name: 'Account number' });
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    // Neither the optional field nor its confirmation is marked required; the note describes it.
    expect(requiredMarker(account)).toBeNull();
    expect(requiredMarker(confirmation)).toBeNull();
    expect(account).not.toBeRequired();
    expect(account).toHaveAccessibleDescription('Leave empty to keep •••• 6789');
    expect(
      requiredMarker(screen.getByRole('textbox', { name: 'Account nickname' })),
    ).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith(STORED);
  });

  it('a new number still needs its confirmation, and other fields stay required', async () => {
    const { user, onSubmit } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      method: 'ACH',
      formData: { ...STORED, nickname: undefined },
      editMode: EDIT,
    });
    const account = screen.getByRole('textbox', { name: 'Account number' });
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    await user.type(account, '987654321');
    // Typing a new number brings the confirmation's required marker back.
    expect(requiredMarker(confirmation)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Account nickname is required.', 'Account number confirmation is required.']);
    expect(errorsOf(confirmation)).toEqual(['Account number confirmation is required.']);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('without edit mode the same fields are required', async () => {
    const { user, onSubmit } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      method: 'ACH',
      formData: STORED,
    });
    const account = screen.getByRole('textbox', { name: 'Account number' });
    expect(requiredMarker(account)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorsOf(account)).toEqual(['Account number is required.']);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
