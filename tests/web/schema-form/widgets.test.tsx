import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  caretAfter,
  formatMasked,
  storedMasked,
} from '../../../src/web/components/schema-form/mask';
import { renderForm } from '../support/schema-form';

const optionTexts = (select: HTMLElement) =>
  [...select.querySelectorAll('option')].map((o) => o.textContent);

describe('schema-form masks', () => {
  it('lays digits out on the mask and stores them without spaces', () => {
    expect(formatMasked('123456789', '999-99-9999')).toBe('123-45-6789');
    expect(formatMasked('12a3', '999-99-9999')).toBe('123');
    expect(formatMasked('4111111111111111', '9999 9999 9999 9999')).toBe('4111 1111 1111 1111');
    expect(storedMasked('4111 1111 1111 11119', '9999 9999 9999 9999')).toBe('4111111111111111');
    expect(storedMasked('1229', '99/99')).toBe('12/29');
    expect(storedMasked('de89 3704 0044', 'iban')).toBe('DE8937040044');
    expect(formatMasked('DE89370400440532013000', 'iban')).toBe('DE89 3704 0044 0532 0130 00');
    // A digit typed after "12/" keeps the caret after it, past the slash.
    expect(caretAfter('12/34', 4, '12/34', '99/99')).toBe(4);
    expect(caretAfter('1234', 3, '12/34', '99/99')).toBe(4);
  });

  it('formats a Social Security number as typed (999-99-9999), digits only', async () => {
    const { user, lastData } = await renderForm({ formId: 'profile-person', country: 'US' });
    const ssn = screen.getByRole('textbox', { name: 'Social Security number or ITIN' });
    await user.type(ssn, '12a3 456789');
    expect(ssn).toHaveValue('123-45-6789');
    expect(ssn).toHaveAttribute('inputmode', 'numeric');
    expect(ssn).toHaveAttribute('placeholder', '123-45-6789');
    await waitFor(() => expect(lastData()?.ssn).toBe('123-45-6789'));
  });

  it('groups a card number by four and stores its 16 digits', async () => {
    const { user, lastData } = await renderForm({ formId: 'debit-card' });
    const pan = screen.getByRole('textbox', { name: 'Card number' });
    await user.type(pan, '41111111111111119999');
    expect(pan).toHaveValue('4111 1111 1111 1111');
    expect(pan).toHaveAttribute('autocomplete', 'cc-number');
    await waitFor(() => expect(lastData()?.pan).toBe('4111111111111111'));
  });

  it('expiry: MM/YY with the slash added as typed and kept in the value', async () => {
    const { user, lastData } = await renderForm({ formId: 'debit-card' });
    const expiry = screen.getByRole('textbox', { name: 'Expiry date' });
    await user.type(expiry, '1x229');
    expect(expiry).toHaveValue('12/29');
    expect(expiry).toHaveAttribute('inputmode', 'numeric');
    expect(expiry).toHaveAttribute('placeholder', 'MM/YY');
    await waitFor(() => expect(lastData()?.expiryDate).toBe('12/29'));
    await user.type(expiry, '{Backspace}{Backspace}');
    expect(expiry).toHaveValue('12');
  });

  it('upper-cases a BIC and shows an IBAN in groups of four, stored electronically', async () => {
    const { user, lastData } = await renderForm({ formId: 'bank-account', country: 'DE' });
    const bic = screen.getByRole('textbox', { name: 'BIC (SWIFT code)' });
    await user.type(bic, 'deutdeff');
    expect(bic).toHaveValue('DEUTDEFF');
    await waitFor(() => expect(lastData()?.bic).toBe('DEUTDEFF'));
    // A letter typed inside the code is upper-cased where it went, the caret after it.
    await user.type(bic, 'x', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    await user.keyboard('x');
    expect(bic).toHaveValue('DEUTXXDEFF');
    await waitFor(() => expect(lastData()?.bic).toBe('DEUTXXDEFF'));
    await user.clear(bic);
    await user.type(bic, 'deutdeff');
    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await user.type(iban, 'de89 3704-0044 0532 0130 00');
    expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
    await waitFor(() => expect(lastData()?.iban).toBe('DE89370400440532013000'));
  });
});

describe('schema-form confirmation field', () => {
  it('blocks paste, copy and cut, says so, and still takes typing', async () => {
    const { user, lastData } = await renderForm({ formId: 'bank-account', country: 'US' });
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    expect(confirmation).toHaveAccessibleDescription(
      'For your security, copy and paste are turned off here: type the value again.',
    );
    await user.click(confirmation);
    await user.paste('123456789');
    expect(confirmation).toHaveValue('');
    await user.type(confirmation, '123456789');
    expect(confirmation).toHaveValue('123456789');
    await waitFor(() => expect(lastData()?.accountNumberConfirmation).toBe('123456789'));
    expect(fireEvent.copy(confirmation)).toBe(false);
    expect(fireEvent.cut(confirmation)).toBe(false);
    // The original field takes a paste.
    const original = screen.getByRole('textbox', { name: 'Account number' });
    await user.click(original);
    await user.paste('123456789');
    expect(original).toHaveValue('123456789');
    expect(fireEvent.copy(original)).toBe(true);
  });

  it('a card number confirmation is masked like the card number', async () => {
    const { user, lastData } = await renderForm({ formId: 'debit-card' });
    const confirmation = screen.getByRole('textbox', { name: 'Card number confirmation' });
    await user.click(confirmation);
    await user.paste('4111111111111111');
    expect(confirmation).toHaveValue('');
    await user.type(confirmation, '4111111111111111');
    expect(confirmation).toHaveValue('4111 1111 1111 1111');
    await waitFor(() => expect(lastData()?.panConfirmation).toBe('4111111111111111'));
  });
});

describe('schema-form selects', () => {
  it('names countries in English, the US first and apart, the rest sorted', async () => {
    const { user, lastData } = await renderForm({ formId: 'profile-person' });
    const residency = screen.getByRole('combobox', { name: 'Country of residence' });
    const texts = optionTexts(residency);
    expect(texts.slice(0, 2)).toEqual(['Choose…', 'United States']);
    expect(texts[2]).toMatch(/^─+$/);
    expect(residency.querySelectorAll('option')[2]).toBeDisabled();
    const rest = texts.slice(3);
    expect(rest).toContain('Germany');
    expect(rest.indexOf('Germany')).toBeLessThan(rest.indexOf('Spain'));
    expect(rest).toEqual([...rest].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en')));
    expect(rest).not.toContain('United States');
    await user.selectOptions(residency, 'Germany');
    expect(lastData()?.residency).toBe('DE');
  });

  it('names countries in Spanish after a language switch, sorted in Spanish', async () => {
    await renderForm({ formId: 'profile-person' }, 'es');
    const residency = await screen.findByRole('combobox', { name: 'País de residencia' });
    const texts = optionTexts(residency);
    expect(texts.slice(0, 2)).toEqual(['Elija…', 'Estados Unidos']);
    const rest = texts.slice(3);
    expect(rest).toContain('Alemania');
    expect(rest).toContain('España');
    expect(rest.indexOf('Alemania')).toBeLessThan(rest.indexOf('España'));
    expect(rest).toEqual([...rest].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'es')));
  });

  it('offers only the merchant’s supported countries when given', async () => {
    await renderForm({ formId: 'profile-person', countries: ['DE', 'US', 'MX'] });
    const residency = screen.getByRole('combobox', { name: 'Country of residence' });
    expect(optionTexts(residency)).toEqual([
      'Choose…',
      'United States',
      expect.stringMatching(/─/),
      'Germany',
      'Mexico',
    ]);
  });

  it('state select: US states and territories by name, storing the code', async () => {
    const { user, lastData } = await renderForm({ formId: 'address', country: 'US' });
    const state = screen.getByRole('combobox', { name: 'State' });
    const texts = optionTexts(state);
    expect(texts).toHaveLength(1 + 57);
    expect(texts).toContain('Puerto Rico');
    expect(texts).toContain('District of Columbia');
    expect(texts.slice(1, 4)).toEqual(['Alabama', 'Alaska', 'American Samoa']);
    await user.selectOptions(state, 'New York');
    expect(lastData()?.state).toBe('NY');
  });

  it('enum options are labelled from fields options.<field>.<value>', async () => {
    const { user, lastData } = await renderForm({ formId: 'phone' });
    const type = screen.getByRole('combobox', { name: 'Phone type' });
    expect(optionTexts(type)).toEqual(['Choose…', 'Mobile', 'Work', 'Fax or other']);
    await user.selectOptions(type, 'Work');
    expect(lastData()?.phoneType).toBe('WORK');
  });

  it('radio options are labelled and grouped under the field’s legend', async () => {
    const { user, lastData } = await renderForm({ formId: 'bank-account', country: 'US' });
    const group = screen.getByRole('group', { name: 'Account type' });
    await user.click(within(group).getByRole('radio', { name: 'Savings' }));
    expect(within(group).getByRole('radio', { name: 'Savings' })).toBeChecked();
    expect(lastData()?.accountType).toBe('SAVINGS');
  });

  it('a checkbox is labelled by its field and stores a boolean', async () => {
    const { user, lastData } = await renderForm({ formId: 'register' });
    const terms = screen.getByRole('checkbox', {
      name: 'the terms of service and privacy policy',
    });
    // termsAccepted has const: true; that is a rule, never a pre-ticked answer.
    expect(terms).not.toBeChecked();
    await user.click(terms);
    expect(lastData()?.termsAccepted).toBe(true);
    expect(terms).toHaveAccessibleDescription('You can read both documents before you accept.');
  });
});

describe('schema-form phone and one-time code', () => {
  it('phone: a tel input after a fixed +, storing +digits', async () => {
    const { user, lastData } = await renderForm({ formId: 'phone' });
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone.parentElement).toHaveTextContent('+');
    await user.type(phone, '+1 (415) 555-0123');
    expect(phone).toHaveValue('14155550123');
    await waitFor(() => expect(lastData()?.number).toBe('+14155550123'));
  });

  it('phone: a pasted number with spaces keeps every digit, and a too long one is refused, not cut', async () => {
    const { user, lastData } = await renderForm({ formId: 'phone' });
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.click(phone);
    await user.paste('+33 6 12 34 56 78');
    expect(phone).toHaveValue('33612345678');
    await waitFor(() => expect(lastData()?.number).toBe('+33612345678'));
    await user.clear(phone);
    await user.paste('+44 20 7946 0958 1234 5678');
    await waitFor(() => expect(lastData()?.number).toBe('+44207946095812345678'));
  });

  it('masked fields drop pasted spaces and dashes before limiting', async () => {
    expect(formatMasked('123 - 45 - 6789', '999-99-9999')).toBe('123-45-6789');
    expect(storedMasked('4111-1111-1111-1111', '9999 9999 9999 9999')).toBe('4111111111111111');
  });

  it('OTP: 6 digits after the visible 4-digit prefix, numeric one-time-code input', async () => {
    const { user, lastData } = await renderForm({ formId: 'otp', formData: { prefix: '4821' } });
    const otp = screen.getByRole('textbox', { name: 'Confirmation code' });
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    // No maxlength: a pasted "123 456" would be cut before its space is dropped.
    expect(otp).not.toHaveAttribute('maxlength');
    expect(otp.parentElement).toHaveTextContent(/^4821–/);
    expect(otp).toHaveAccessibleDescription(
      'The code starts with 4821. Enter the 6-digit code we sent you.',
    );
    await user.type(otp, '12a3456789');
    expect(otp).toHaveValue('123456');
    await waitFor(() => expect(lastData()).toEqual({ prefix: '4821', otp: '123456' }));
    await user.clear(otp);
    await user.paste('654 321');
    await waitFor(() => expect(lastData()).toEqual({ prefix: '4821', otp: '654321' }));
  });

  it('OTP without a prefix shows only the code input', async () => {
    await renderForm({ formId: 'otp' });
    const otp = screen.getByRole('textbox', { name: 'Confirmation code' });
    expect(otp.parentElement?.textContent).toBe('');
    expect(otp).toHaveAccessibleDescription('Enter the 6-digit code we sent you.');
  });
});

describe('schema-form typing', () => {
  // A key's frame shows only the character; the form takes the value right after that frame.
  const achForm = { formId: 'bank-account', country: 'US', method: 'ACH' } as const;
  const ACH = { countryCode: 'US', transferMethod: 'ACH' };

  it('hands typed keys to the form after they are shown, as one change when they come together', async () => {
    const { lastData, onChange } = await renderForm({ ...achForm, formData: ACH });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    const before = onChange.mock.calls.length;
    fireEvent.input(nickname, { target: { value: 'H' } });
    fireEvent.input(nickname, { target: { value: 'Ho' } });
    expect(nickname).toHaveValue('Ho');
    expect(onChange.mock.calls.length).toBe(before);
    await waitFor(() => expect(lastData()?.nickname).toBe('Ho'));
    expect(onChange.mock.calls.length).toBe(before + 1);
  });

  it('loses no key: a blur or Enter hands the value over at once, and the submit has it', async () => {
    const onSubmit = vi.fn();
    const { user, lastData } = await renderForm({ ...achForm, formData: ACH, onSubmit });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    fireEvent.input(nickname, { target: { value: 'Rent' } });
    fireEvent.blur(nickname);
    expect(lastData()?.nickname).toBe('Rent');

    await user.click(screen.getByRole('radio', { name: 'Checking' }));
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '021000021');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789');
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    // The last key and Enter at once: the implicit submission carries the last digit.
    await user.type(confirmation, '123456789{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      nickname: 'Rent',
      accountNumberConfirmation: '123456789',
    });
  });

  it('a submit made by script right after a key (a password manager) still has that key', async () => {
    const onSubmit = vi.fn();
    const filled = {
      ...ACH,
      nickname: 'Rent',
      accountType: 'CHECKING',
      routingNumber: '021000021',
      accountNumber: '123456789',
    };
    await renderForm({ ...achForm, formData: filled, onSubmit });
    const confirmation = screen.getByRole('textbox', { name: 'Account number confirmation' });
    fireEvent.input(confirmation, { target: { value: '123456789' } });
    fireEvent.submit(confirmation.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ accountNumberConfirmation: '123456789' });
  });
});
