// /auth/register in the real app (route table, shell, store) against the mocked API: the register
// form, its live rules, both ways of registering and their errors, and the merchant with additional
// agreements (the dark merchant's configuration).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import nightfall from '../../../config/merchants/nightfall.json';
import { errorsOf } from '../support/schema-form';
import { renderApp } from '../support/render';
import { handlers, server } from '../support/server';
import { LOCALE_STORAGE_KEY } from '../../../src/web/lib/i18n';

const EMAIL = 'ana@example.com';
const PASSWORD = 'Sunrise42river';

type Body = Record<string, unknown>;

/** A visitor (not signed in) whose invitation is for EMAIL; records what the register calls send. */
function visitor(answers: { claim?: () => Response; token?: () => Response } = {}) {
  const sent: { url: string; body: Body }[] = [];
  const record = async (request: Request) => {
    sent.push({ url: new URL(request.url).pathname, body: (await request.json()) as Body });
  };
  server.use(
    handlers.principal(false),
    handlers.loginPage(false),
    http.get('/master/funnel/v1/tokens/:id', () => HttpResponse.json({ data: { email: EMAIL } })),
    http.post('/master/funnel/v1/me', async ({ request }) => {
      await record(request);
      return answers.claim?.() ?? HttpResponse.json({ data: { id: 'p-9', status: 'CREATED' } });
    }),
    http.post('/master/funnel/v1/me/confirm', async ({ request }) => {
      await record(request);
      return answers.token?.() ?? HttpResponse.json({ data: { id: 'p-9', status: 'CREATED' } });
    }),
  );
  return sent;
}

async function openRegister(url = '/auth/register?claim_id=claim-1') {
  const user = userEvent.setup();
  const view = await renderApp(url);
  const button = await screen.findByRole('button', { name: 'Create account' });
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  return {
    ...view,
    user,
    button,
    email: () => screen.getByRole('textbox', { name: 'Email' }),
    password: () => field('root_password'),
    confirmation: () => field('root_passwordConfirmation'),
    terms: () => screen.getByRole('checkbox', { name: /I accept the terms of service/ }),
  };
}

type Page = Awaited<ReturnType<typeof openRegister>>;

async function fillValid(page: Page) {
  await page.user.type(page.password(), PASSWORD);
  await page.user.type(page.confirmation(), PASSWORD);
  await page.user.click(page.terms());
}

const conflict = (message: string, status = 409) =>
  HttpResponse.json({ code: status, message }, { status });

describe('/auth/register form', () => {
  it('shows the invitation’s email pre-filled and disabled, the password rules, and linked terms', async () => {
    visitor();
    const page = await openRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    expect(page.email()).toHaveValue(EMAIL);
    expect(page.email()).toBeDisabled();
    expect(page.password()).toHaveAttribute('type', 'password');
    expect(page.password()).toHaveAccessibleDescription(/At least 8 characters/);
    const contact = screen.getByRole('group', { name: /How we contact you/ });
    expect(within(contact).getByRole('radio', { name: 'Email only' })).toBeChecked();
    const terms = page.terms().closest('label') as HTMLElement;
    expect(within(terms).getByRole('link', { name: 'terms of service' })).toHaveAttribute(
      'href',
      '/static/terms',
    );
    expect(within(terms).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/static/privacy',
    );
    expect(
      screen.queryByRole('checkbox', { name: /additional agreements/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('blocks pasting into the password fields', async () => {
    visitor();
    const page = await openRegister();
    for (const input of [page.password(), page.confirmation()]) {
      expect(fireEvent.paste(input)).toBe(false);
      expect(fireEvent.copy(input)).toBe(false);
    }
  });

  it('keeps the button disabled until every rule holds', async () => {
    visitor();
    const page = await openRegister();
    expect(page.button).toBeDisabled();
    await page.user.type(page.password(), PASSWORD);
    await page.user.type(page.confirmation(), PASSWORD);
    expect(page.button).toBeDisabled();
    await page.user.click(page.terms());
    expect(page.button).toBeEnabled();
    await page.user.type(page.confirmation(), 'x');
    await waitFor(() => expect(page.button).toBeDisabled());
    // The fields stay editable while the button is disabled.
    expect(page.password()).toBeEnabled();
  });

  it('says at once when the password is the email (any case)', async () => {
    visitor();
    const page = await openRegister();
    await page.user.type(page.password(), 'ANA@example.com');
    await waitFor(() =>
      expect(errorsOf(page.password())).toContain('Password must be different from Email.'),
    );
    expect(page.button).toBeDisabled();
    await page.user.type(page.password(), '1');
    await waitFor(() =>
      expect(errorsOf(page.password())).not.toContain('Password must be different from Email.'),
    );
  });

  it('says the confirmation must match once the user leaves it', async () => {
    visitor();
    const page = await openRegister();
    await page.user.type(page.password(), PASSWORD);
    await page.user.type(page.confirmation(), 'Sunrise42rive');
    await page.user.tab();
    expect(errorsOf(page.confirmation())).toEqual(['Password confirmation must match Password.']);
    await page.user.click(page.confirmation());
    await page.user.type(page.confirmation(), 'r');
    await waitFor(() => expect(errorsOf(page.confirmation())).toEqual([]));
  });
});

describe('/auth/register for a claim', () => {
  it('posts the registration, shows the success modal, then goes to sign in', async () => {
    const sent = visitor();
    const page = await openRegister();
    await fillValid(page);
    await page.user.click(page.button);
    const dialog = await screen.findByRole('dialog', { name: 'Your account is ready' });
    expect(sent).toEqual([
      {
        url: '/master/funnel/v1/me',
        body: {
          data: {
            email: EMAIL,
            preferredContact: 'EMAIL_ONLY',
            termsAccepted: true,
            // The language the page is shown in becomes the person's (their mails use it).
            preferredLanguage: 'en',
            passwordConfirmation: PASSWORD,
          },
          password: PASSWORD,
          claimId: 'claim-1',
        },
      },
    ]);
    expect(dialog).toHaveTextContent(`Sign in with ${EMAIL}`);
    await page.user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/auth/login'));
  });

  it('registers with Enter typed right after the last key of the confirmation', async () => {
    const sent = visitor();
    const page = await openRegister();
    await page.user.click(page.terms());
    await page.user.type(page.password(), PASSWORD);
    // The button is enabled by the last key; Enter comes before that key's own pass is over.
    await page.user.type(page.confirmation(), `${PASSWORD}{Enter}`);
    expect(await screen.findByRole('dialog', { name: 'Your account is ready' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ password: PASSWORD });
  });

  it('closing the success modal goes to sign in too', async () => {
    visitor();
    const page = await openRegister();
    await fillValid(page);
    await page.user.click(page.button);
    fireEvent(await screen.findByRole('dialog'), new Event('cancel'));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/auth/login'));
  });

  it('sends the chosen contact type', async () => {
    const sent = visitor();
    const page = await openRegister();
    await page.user.click(screen.getByRole('radio', { name: 'Email and text message' }));
    await fillValid(page);
    await page.user.click(page.button);
    await screen.findByRole('dialog');
    expect((sent[0]?.body.data as Body).preferredContact).toBe('EMAIL_AND_SMS');
  });

  it('an AlreadyExists answer shows the translated error with a sign-in link', async () => {
    visitor({ claim: () => conflict('AlreadyExists: an account with this email already exists') });
    const page = await openRegister();
    await fillValid(page);
    await page.user.click(page.button);
    const error = await screen.findByText(/An account with this email already exists\./);
    expect(error).toHaveTextContent('An account with this email already exists. Sign in instead.');
    expect(within(error).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an address the invitation was not sent to shows the form-level email error, translated', async () => {
    visitor({
      claim: () =>
        HttpResponse.json(
          {
            code: 400,
            message: 'ValidationError: Use the email address the invitation was sent to.',
            errors: [
              {
                path: '',
                keyword: 'email',
                messageKey: 'email',
                params: {},
                message: 'Use the email address the invitation was sent to.',
              },
            ],
          },
          { status: 400 },
        ),
    });
    const page = await openRegister();
    await fillValid(page);
    await page.user.click(page.button);
    const alert = await screen.findByText('Use the email address the invitation was sent to.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/ValidationError/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused password is told in the reader’s language, never the server’s English, on the field until it changes', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    visitor({
      claim: () =>
        HttpResponse.json(
          {
            code: 400,
            message: 'ValidationError: This password is too common; choose another one.',
            errors: [
              {
                path: '/password',
                keyword: 'commonPassword',
                messageKey: 'password.common',
                params: {},
                message: 'This password is too common; choose another one.',
              },
            ],
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    await renderApp('/auth/register?claim_id=claim-1');
    const button = await screen.findByRole('button', { name: 'Konto erstellen' });
    const password = document.getElementById('root_password') as HTMLInputElement;
    await user.type(password, PASSWORD);
    await user.type(document.getElementById('root_passwordConfirmation') as HTMLElement, PASSWORD);
    await user.click(
      screen.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }),
    );
    await user.click(button);
    const common = 'Dieses Passwort ist zu häufig. Wählen Sie eines, das schwerer zu erraten ist.';
    await waitFor(() => expect(errorsOf(password)).toContain(common));
    // One alert, the form's summary, in German; the server's English is nowhere.
    expect(screen.getByRole('alert')).toHaveTextContent(common);
    expect(document.body).not.toHaveTextContent(/ValidationError|too common|choose another/);
    await user.type(password, '7');
    await waitFor(() => expect(errorsOf(password)).not.toContain(common));
  });
});

describe('/auth/register by token', () => {
  it('confirms the token with the password and the contact type', async () => {
    const sent = visitor();
    const page = await openRegister('/auth/register?user_id=tok-9');
    await fillValid(page);
    await page.user.click(page.button);
    await screen.findByRole('dialog', { name: 'Your account is ready' });
    expect(sent).toEqual([
      {
        url: '/master/funnel/v1/me/confirm',
        body: {
          tokenId: 'tok-9',
          password: PASSWORD,
          preferredContact: 'EMAIL_ONLY',
          termsAccepted: true,
          preferredLanguage: 'en',
        },
      },
    ]);
  });

  it('a 404 shows token not found with the token id', async () => {
    visitor({ token: () => conflict('TokenNotFound: token tok-9 does not exist', 404) });
    const page = await openRegister('/auth/register?user_id=tok-9');
    await fillValid(page);
    await page.user.click(page.button);
    expect(await screen.findByText(/We could not find the invitation tok-9\./)).toBeInTheDocument();
  });

  it('other failures are told from their name, translated, never in the server’s words', async () => {
    visitor({ token: () => conflict('AlreadyExists: this invitation was already used') });
    const page = await openRegister('/auth/register?user_id=tok-9');
    await fillValid(page);
    await page.user.click(page.button);
    expect(
      await screen.findByText('An account with this email already exists. Sign in instead.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/AlreadyExists|already used/)).toBeNull();
  });

  it('a failure without a known name says the account could not be created', async () => {
    visitor({ token: () => conflict('SomethingNew: an English sentence from the server', 409) });
    const page = await openRegister('/auth/register?user_id=tok-9');
    await fillValid(page);
    await page.user.click(page.button);
    expect(
      await screen.findByText('Your account could not be created. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/SomethingNew|English sentence/)).toBeNull();
  });
});

describe('/auth/register for a merchant with additional agreements', () => {
  const darkMerchant = () =>
    server.use(
      http.get('/master/funnel/v1/configs', () =>
        // English, so the test reads the same texts; the merchant's default is Spanish.
        HttpResponse.json({ data: { ...nightfall.configuration, defaultLocale: 'en' } }),
      ),
    );

  it('hides the contact type and requires the agreements, which link to their document', async () => {
    const sent = visitor();
    darkMerchant();
    const page = await openRegister();
    expect(screen.queryByRole('group', { name: /How we contact you/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    const agreements = screen.getByRole('checkbox', {
      name: /I accept the additional agreements of Nightfall Games/,
    });
    expect(agreements).toBeRequired();
    expect(
      within(agreements.closest('label') as HTMLElement).getByRole('link', {
        name: 'additional agreements',
      }),
    ).toHaveAttribute('href', 'https://nightfall.example/tournament-rules');

    await fillValid(page);
    expect(page.button).toBeDisabled();
    await page.user.click(agreements);
    expect(page.button).toBeEnabled();
    await page.user.click(agreements);
    await page.user.tab();
    expect(errorsOf(agreements)).toEqual(['Please accept the additional agreements to continue.']);
    expect(page.button).toBeDisabled();

    await page.user.click(agreements);
    await page.user.click(page.button);
    await screen.findByRole('dialog', { name: 'Your account is ready' });
    expect(sent[0]?.body).toEqual({
      data: {
        email: EMAIL,
        preferredContact: 'EMAIL_ONLY',
        termsAccepted: true,
        preferredLanguage: 'en',
        passwordConfirmation: PASSWORD,
        additionalAgreementsAccepted: true,
      },
      password: PASSWORD,
      claimId: 'claim-1',
    });
  });
});
