import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../src/web/lib/i18n';
import { errorsOf, renderForm } from '../support/schema-form';

const ACH = { countryCode: 'US', transferMethod: 'ACH' };

describe('SchemaForm errors', () => {
  it('shows no error before the first submit, then a summary and focus on the first invalid field', async () => {
    const { user, onSubmit } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      formData: ACH,
    });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    const routing = screen.getByRole('textbox', { name: 'Routing number' });
    await user.type(routing, '123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(errorsOf(routing)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading')).toHaveTextContent('Please correct the following:');
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'Account nickname is required.',
      'Account type is required.',
      'Account number is required.',
      'Account number confirmation is required.',
      'The routing number is exactly 9 digits.',
      'Routing number is not a valid ABA routing number. Check the 9 digits.',
    ]);
    expect(links[0]).toHaveAttribute('href', '#root_nickname');
    // Focus goes to the first invalid field in the page's order.
    expect(nickname).toHaveFocus();
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    // A link in the summary moves the focus to its field; radio groups focus their first option.
    await user.click(within(summary).getByRole('link', { name: 'Account type is required.' }));
    expect(screen.getByRole('radio', { name: 'Checking' })).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: /exactly 9 digits/ }));
    expect(routing).toHaveFocus();
  });

  it('validates live after the first submit: an error goes away as the field is fixed', async () => {
    const { user } = await renderForm({ formId: 'bank-account', country: 'US', formData: ACH });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorsOf(nickname)).toEqual(['Account nickname is required.']);
    const summary = screen.getByRole('alert');
    const submitted = summary.textContent;
    await user.type(nickname, 'Main <account>');
    // x-messages: the nickname's pattern error uses addressText.pattern.
    expect(errorsOf(nickname)).toEqual([
      'Account nickname may contain only letters, digits, spaces, commas, periods, apostrophes and hyphens.',
    ]);
    await user.clear(nickname);
    await user.type(nickname, 'Main account');
    expect(errorsOf(nickname)).toEqual([]);
    expect(nickname).not.toHaveAttribute('aria-invalid');
    // The summary says what was wrong at the submit: typing neither changes it (its height would
    // move the page under the caret, its alert be announced again) nor replaces it.
    expect(screen.getByRole('alert')).toBe(summary);
    expect(summary).toHaveTextContent(submitted ?? '');
    // The next submit renews it.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(screen.getByRole('alert')).queryByText(/nickname/i)).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/Account type is required/);
  });

  it('a US ACH routing number with a wrong check digit shows the abaRouting message on routingNumber', async () => {
    const { user, onSubmit } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      method: 'ACH',
      formData: ACH,
    });
    const routing = screen.getByRole('textbox', { name: 'Routing number' });
    await user.type(screen.getByRole('textbox', { name: 'Account nickname' }), 'Checking');
    await user.click(screen.getByRole('radio', { name: 'Checking' }));
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789');
    await user.type(
      screen.getByRole('textbox', { name: 'Account number confirmation' }),
      '123456789',
    );
    await user.type(routing, '021000022');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorsOf(routing)).toEqual([
      'Routing number is not a valid ABA routing number. Check the 9 digits.',
    ]);
    expect(routing).toHaveAccessibleDescription(
      'Routing number is not a valid ABA routing number. Check the 9 digits.',
    );
    expect(routing).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    // The right check digit: the form submits its data.
    await user.clear(routing);
    await user.type(routing, '021000021');
    await waitFor(() => expect(errorsOf(routing)).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      ...ACH,
      nickname: 'Checking',
      accountType: 'CHECKING',
      accountNumber: '123456789',
      accountNumberConfirmation: '123456789',
      routingNumber: '021000021',
    });
  });

  it('renders errors from their keys in Spanish, with translated labels and {{other}}', async () => {
    const { user } = await renderForm(
      { formId: 'bank-account', country: 'US', formData: ACH },
      'es',
    );
    const routing = await screen.findByRole('textbox', { name: 'Número de ruta (ABA)' });
    await user.type(routing, '021000022');
    await user.type(screen.getByRole('textbox', { name: /Número de cuenta$/ }), '1234');
    await user.type(screen.getByRole('textbox', { name: /confirmación/i }), '9999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorsOf(routing)).toEqual([
      'Número de ruta (ABA): no es un número de ruta ABA válido. Verifique los 9 dígitos.',
    ]);
    const nickname = screen.getByRole('textbox', { name: 'Alias de la cuenta' });
    expect(errorsOf(nickname)).toEqual(['Alias de la cuenta: este campo es obligatorio.']);
    const confirmation = screen.getByRole('textbox', { name: /confirmación/i });
    expect(errorsOf(confirmation)[0]).toMatch(/debe coincidir con el campo “Número de cuenta”/);
    expect(within(screen.getByRole('alert')).getByRole('heading')).toHaveTextContent(
      'Corrija lo siguiente:',
    );
  });

  it('re-renders shown errors when the language changes', async () => {
    const { user } = await renderForm({ formId: 'bank-account', country: 'US', formData: ACH });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    expect(errorsOf(nickname)).toEqual(['Account nickname is required.']);
    await act(() => setLanguage('es'));
    await waitFor(() =>
      expect(errorsOf(nickname)).toEqual(['Alias de la cuenta: este campo es obligatorio.']),
    );
  });

  it('uses the field’s x-messages key and the other field’s label for notEqual', async () => {
    const { user } = await renderForm({
      formId: 'register',
      formData: { email: 'ana@example.com' },
    });
    await user.type(screen.getByLabelText(/^Password/, { selector: '#root_password' }), 'short');
    await user.type(
      screen.getByLabelText(/^Password confirmation/, { selector: '#root_passwordConfirmation' }),
      'other1234',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const password = document.getElementById('root_password') as HTMLElement;
    expect(errorsOf(password)).toEqual([
      'The password must be at least 8 characters long.',
      'The password must contain at least one letter and one digit.',
    ]);
    expect(errorsOf(document.getElementById('root_passwordConfirmation') as HTMLElement)).toEqual([
      'Password confirmation must match Password.',
    ]);
    const terms = screen.getByRole('checkbox', { name: 'the terms of service and privacy policy' });
    expect(errorsOf(terms)).toEqual([
      'Please accept the terms of service and privacy policy to continue.',
    ]);
  });

  it('keeps the submit button disabled while the submit is under way', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = await renderForm({ formId: 'otp', onSubmit });
    await user.type(screen.getByRole('textbox', { name: 'Confirmation code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ otp: '123456' });
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('SchemaForm server errors', () => {
  const gb = { countryCode: 'GB', transferMethod: 'WIRE', sortCode: '08-32' };

  it('shows a server error naming /sortCode on that field, translated from its key', async () => {
    const { user } = await renderForm({
      formId: 'bank-account',
      country: 'GB',
      formData: gb,
      serverErrors: [
        {
          path: '/sortCode',
          keyword: 'pattern',
          messageKey: 'sortCode.gb',
          message: 'bad sort code',
        },
        {
          path: '/nickname',
          keyword: 'taken',
          messageKey: 'no.such.key',
          message: 'This nickname is in use.',
        },
      ],
    });
    const sortCode = screen.getByRole('textbox', { name: 'Sort code' });
    expect(errorsOf(sortCode)).toEqual([
      'Enter the 6-digit sort code without hyphens, for example 08-32-10 as 083210.',
    ]);
    expect(sortCode).toHaveAttribute('aria-invalid', 'true');
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    // A key the portal does not know: the server's own message.
    expect(errorsOf(nickname)).toEqual(['This nickname is in use.']);
    // The summary comes with a submit attempt (not while the user types) and lists them too.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /6-digit sort code/ })).toHaveAttribute(
      'href',
      '#root_sortCode',
    );
    // Editing the field clears its server error; the other stays.
    await user.clear(sortCode);
    await user.type(sortCode, '083210');
    await waitFor(() => expect(errorsOf(sortCode)).toEqual([]));
    expect(errorsOf(nickname)).toContain('This nickname is in use.');
  });
});

describe('SchemaForm options', () => {
  it('lets an advisory keyword through: a minor’s date of birth saves (the server decides)', async () => {
    const dob = new Date();
    dob.setFullYear(dob.getFullYear() - 15);
    const person = {
      firstName: 'Leo',
      lastName: 'Lima',
      dob: dob.toISOString().slice(0, 10),
      residency: 'US',
    };
    const strict = await renderForm({ formId: 'profile-person', formData: person });
    await strict.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorsOf(screen.getByLabelText(/Date of birth/))).toEqual([expect.stringMatching(/18/)]);
    expect(strict.onSubmit).not.toHaveBeenCalled();
    strict.unmount();

    const advisory = await renderForm({
      formId: 'profile-person',
      formData: person,
      advisoryKeywords: ['minimumAge'],
    });
    await advisory.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(advisory.onSubmit).toHaveBeenCalledTimes(1));
    expect(errorsOf(screen.getByLabelText(/Date of birth/))).toEqual([]);
  });

  it('uses its own id prefix, and the summary links to those ids', async () => {
    const { user } = await renderForm({
      formId: 'bank-account',
      country: 'US',
      formData: ACH,
      idPrefix: 'second',
    });
    const nickname = screen.getByRole('textbox', { name: 'Account nickname' });
    expect(nickname).toHaveAttribute('id', 'second_nickname');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Account nickname is required.' }),
    ).toHaveAttribute('href', '#second_nickname');
  });
});
