import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmationCodeDialog } from '../../../src/web/components/confirmation-code-dialog';
import { useVerifyAccountMutation } from '../../../src/web/api/profile-api';
import { renderWithProviders } from '../support/render';
import { server } from '../support/server';

/** The dialog wired to a real mutation, as a screen would use it. */
function VerifyHarness({ onResend }: { onResend: () => Promise<void> }) {
  const [verify] = useVerifyAccountMutation();
  const [open, setOpen] = useState(true);
  return (
    <>
      <ConfirmationCodeDialog
        open={open}
        prefix="4821"
        onConfirm={async (otp) => {
          await verify({ otp }).unwrap();
          setOpen(false);
        }}
        onResend={onResend}
        onClose={() => setOpen(false)}
      />
      {open ? null : <p>Verified</p>}
    </>
  );
}

const verifyAnswers = (answer: () => Response) => {
  const bodies: unknown[] = [];
  server.use(
    http.put('/master/funnel/v1/me/verify', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
};

async function setup(onResend = vi.fn(async () => undefined)) {
  const user = userEvent.setup();
  await renderWithProviders(<VerifyHarness onResend={onResend} />);
  const input = await screen.findByRole('textbox', { name: '6-digit code' });
  return { user, input, onResend };
}

describe('confirmation-code dialog', () => {
  it('shows the prefix before a 6-digit one-time-code field and starts there', async () => {
    const { input } = await setup();
    expect(screen.getByRole('dialog', { name: 'Enter your confirmation code' })).toBeVisible();
    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(/starts with 4821/);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('pattern', '\\d{6}');
    expect(input).toHaveFocus();
  });

  it('keeps Confirm disabled until six digits are entered', async () => {
    const { user, input } = await setup();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(confirm).toBeDisabled();
    await user.type(input, '56789');
    expect(input).toHaveValue('123456');
    expect(confirm).toBeEnabled();
  });

  it('sends the code and closes on success', async () => {
    const bodies = verifyAnswers(() => HttpResponse.json({ data: { status: 'VERIFIED' } }));
    const { user, input } = await setup();
    await user.type(input, '123456{Enter}');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(bodies).toEqual([{ otp: '123456' }]);
  });

  it('says the code is wrong when the server answers "Wrong OTP"', async () => {
    verifyAnswers(() => HttpResponse.json({ code: 400, message: 'Wrong OTP' }, { status: 400 }));
    const { user, input } = await setup();
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not correct or has expired');
    expect(alert).not.toHaveTextContent('We could not check your code');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('reports any other failure as a server error', async () => {
    verifyAnswers(() =>
      HttpResponse.json({ code: 500, message: 'Internal error' }, { status: 500 }),
    );
    const { user, input } = await setup();
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check your code right now');
    expect(alert).not.toHaveTextContent('That code is not correct');
  });

  it('treats another 400 message as a server error, not a wrong code', async () => {
    verifyAnswers(() =>
      HttpResponse.json({ code: 400, message: 'Too many attempts' }, { status: 400 }),
    );
    const { user, input } = await setup();
    await user.type(input, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check your code right now',
    );
  });

  it('resends the code, clears the field and says so', async () => {
    const { user, input, onResend } = await setup();
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('reports a failed resend', async () => {
    const { user } = await setup(vi.fn(async () => Promise.reject(new Error('offline'))));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check your code right now',
    );
  });

  it('links to support in its help line', async () => {
    await setup();
    const link = await screen.findByRole('link', { name: 'contact support' });
    expect(link).toHaveAttribute('href', 'mailto:support@example.com');
  });

  it('closes with Escape', async () => {
    await setup();
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
