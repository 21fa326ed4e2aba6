import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../src/core/types/entities/payment-method';
import ZellePage from '../../../src/web/features/payment-methods/components/zelle-page';
import { errorsOf } from '../support/schema-form';
import {
  answer,
  apiError,
  renderPaymentMethodPage,
  useApi,
  zelleAwaiting,
} from '../support/payment-methods';
import { profileWith } from '../support/server';

const URL = '/master/funnel/v1/payment-methods/zelle';
const FORM = {
  tokenType: 'ZELLE_EMAIL',
  email: 'ana@example.com',
  phone: '+15555550100',
  firstName: 'Ana',
  lastName: 'Lima',
};
const stored = (zelleAwaiting as Extract<PaymentMethod, { type: 'ZELLE' }>).zelle;
const awaiting = (over: Record<string, unknown> = {}): PaymentMethod =>
  ({ type: 'ZELLE', zelle: { ...stored, ...FORM, ...over } }) as PaymentMethod;
const confirmed = (over: Record<string, unknown> = {}): PaymentMethod =>
  awaiting({ status: 'ACTIVE', ...over });

const open = () => renderPaymentMethodPage('/zelle', '/zelle', <ZellePage />);

/** The code is sent (with the prefix the page asks for, as the server does) and checked; `otpOk`
 * says whether the code is right. */
function codeCalls(api: { methods: PaymentMethod[] }, otpOk: (otp: string) => boolean) {
  const sendings = answer('post', `${URL}/verify/otp`, (body) =>
    HttpResponse.json({
      data: {
        prefix: (body as { otpPrefix?: string }).otpPrefix ?? '0000',
        expiresAt: '2030-01-01T00:00:00Z',
      },
    }),
  );
  const checks = answer('put', `${URL}/verify`, (body) => {
    if (!otpOk((body as { otp: string }).otp)) return apiError(400, 'Wrong OTP');
    api.methods = [confirmed()];
    return HttpResponse.json({ data: confirmed() });
  });
  return { sendings, checks };
}

/** The prefix the page sent with its latest code request. */
function sentPrefix(sendings: readonly unknown[]): string {
  const prefix = (sendings.at(-1) as { otpPrefix?: string } | undefined)?.otpPrefix;
  expect(prefix).toMatch(/^\d{4}$/);
  return prefix ?? '';
}

async function enterCode(
  user: ReturnType<typeof userEvent.setup>,
  code: string,
  sendings: readonly unknown[],
) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your confirmation code' });
  expect(
    within(dialog).getByText(`starts with ${sentPrefix(sendings)}`, { exact: false }),
  ).toBeInTheDocument();
  const input = within(dialog).getByRole('textbox', { name: '6-digit code' });
  await user.clear(input);
  await user.type(input, code);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

describe('zelle page', () => {
  it('creating posts the token, sends its code and the dialog confirms it, then settings', async () => {
    const api = useApi([]);
    const created = answer('post', URL, () => {
      api.methods = [awaiting()];
      return HttpResponse.json({ data: awaiting() });
    });
    const { sendings, checks } = codeCalls(api, (otp) => otp === '123456');
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), FORM.email);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '15555550100');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lima');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await enterCode(user, '123456', sendings);
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(created).toEqual([FORM]);
    expect(sendings).toEqual([{ otpPrefix: expect.stringMatching(/^\d{4}$/) }]);
    expect(checks).toEqual([{ otp: '123456' }]);
  });

  it('a wrong code says so in the dialog and stays', async () => {
    const api = useApi([awaiting()]);
    const { sendings, checks } = codeCalls(api, () => false);
    const user = userEvent.setup();
    await open();
    // A token awaiting its code offers to send it.
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    const dialog = await enterCode(user, '000000', sendings);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That code is not correct or has expired. Check the 6 digits, or ask for a new code.',
    );
    expect(checks).toEqual([{ otp: '000000' }]);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('edit: the form starts from the token; a change that keeps it confirmed PUTs and returns', async () => {
    const api = useApi([confirmed()]);
    const saved = answer('put', URL, (body) => {
      api.methods = [confirmed(body as Record<string, unknown>)];
      return HttpResponse.json({ data: api.methods[0] });
    });
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText('Your Zelle token is confirmed.')).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(first).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(FORM.email);
    await user.clear(first);
    await user.type(first, 'Ana Maria');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
    expect(saved).toEqual([{ ...FORM, firstName: 'Ana Maria' }]);
  });

  it('edit: a changed token awaits its code again and the dialog opens', async () => {
    const api = useApi([confirmed()]);
    const saved = answer('put', URL, (body) => {
      api.methods = [awaiting(body as Record<string, unknown>)];
      return HttpResponse.json({ data: api.methods[0] });
    });
    const { sendings } = codeCalls(api, () => true);
    const user = userEvent.setup();
    await open();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'ana.lima@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Enter your confirmation code' });
    expect(saved).toEqual([{ ...FORM, email: 'ana.lima@example.com' }]);
    expect(sendings).toHaveLength(1);
  });

  it("puts the server's field error on its field", async () => {
    useApi([]);
    answer('post', URL, () =>
      apiError(400, 'ValidationError: the Zelle token is not valid', [
        {
          path: '/email',
          keyword: 'format',
          messageKey: 'format.email',
          message: 'Enter a valid email address.',
        },
      ]),
    );
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), FORM.email);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '15555550100');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lima');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await screen.findAllByText('Email must be an email address like name@example.com.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(errorsOf(email)).toEqual(['Email must be an email address like name@example.com.']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("sends the profile address as the account holder's while the box is ticked", async () => {
    const home = {
      id: 'a-1',
      addressType: 'RESIDENTIAL' as const,
      addressLine1: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      countryCode: 'US',
    };
    const api = useApi([], { profile: profileWith({ addresses: [home] }) });
    const created = answer('post', URL, () => {
      api.methods = [awaiting()];
      return HttpResponse.json({ data: awaiting() });
    });
    codeCalls(api, () => true);
    const user = userEvent.setup();
    await open();
    expect(
      await screen.findByRole('checkbox', { name: 'Same address as my profile' }),
    ).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), FORM.email);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '15555550100');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), FORM.firstName);
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), FORM.lastName);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Enter your confirmation code' });
    expect(created).toEqual([
      expect.objectContaining({
        email: FORM.email,
        addressLine1: '12 Main St',
        addressCity: 'Springfield',
        addressState: 'IL',
        addressPostalCode: '62701',
        addressCountryCode: 'US',
      }),
    ]);
  });
});
