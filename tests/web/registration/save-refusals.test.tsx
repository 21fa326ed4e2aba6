// The profile form in German and Portuguese as issue 28 asks: a refused save keeps what was typed
// and says why in one sentence of the reader's language (never the server's English), a company is
// titled "Company information", changing identity details of an activated profile asks first, and
// a refused phone keeps the number typed.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../src/core/types/entities/profile';
import RegistrationPage from '../../../src/web/features/registration/components/registration-page';
import { setLanguage, type Locale } from '../../../src/web/lib/i18n';
import { errorsOf } from '../support/schema-form';
import { handlers, profileWith, server } from '../support/server';
import { renderRegistrationPage } from '../support/registration';

const address = {
  id: 'a-1',
  addressType: 'RESIDENTIAL',
  countryCode: 'US',
  addressLine1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
} as const;

const person = (over: Partial<Profile> = {}) =>
  profileWith({
    status: 'ACTIVATED',
    person: { firstName: 'Ana', lastName: 'Lima', dob: '1990-04-02', residency: 'US' },
    addresses: [address],
    ...over,
  });

type Body = Record<string, unknown>;

/** The profile is `profile`; PATCH /me answers `answer` and records what it was sent. */
function api(
  profile: Profile,
  answer: () => Response = () => HttpResponse.json({ data: profile }),
) {
  const sent: Body[] = [];
  server.use(
    handlers.profile(profile),
    http.patch('/master/funnel/v1/me', async ({ request }) => {
      sent.push((await request.json()) as Body);
      return answer();
    }),
  );
  return sent;
}

const refuse = (status: number, message: string) =>
  HttpResponse.json({ code: status, message }, { status });

async function open(locale: Locale, path = '/registration/personal-info') {
  const user = userEvent.setup();
  const view = await renderRegistrationPage(<RegistrationPage />, path);
  await act(() => setLanguage(locale));
  return { user, ...view };
}

/** No English sentence of the server's anywhere on the page. */
const expectNoServerEnglish = () =>
  expect(document.body).not.toHaveTextContent(
    /DateOfBirthLocked|ProfileNotEditable|cannot be edited|cannot be changed here|contact support/i,
  );

describe('a refused profile save, in the reader’s language', () => {
  it('DateOfBirthLocked (German): one sentence, the typed date of birth kept', async () => {
    const sent = api(
      person({
        status: 'VERIFIED',
        isMinor: true,
        person: { firstName: 'Ana', lastName: 'Lima', dob: '2012-05-01', residency: 'US' },
      }),
      () =>
        refuse(
          409,
          'DateOfBirthLocked: the date of birth of a minor cannot be changed here; contact support to correct it',
        ),
    );
    const { user } = await open('de');
    const dob = await screen.findByLabelText(/Geburtsdatum/);
    await user.clear(dob);
    await user.type(dob, '1990-05-01');
    await user.click(screen.getByRole('button', { name: 'Angaben speichern' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Das Geburtsdatum einer minderjährigen Person kann hier nicht geändert werden. Wenden Sie sich zur Korrektur an den Support.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/Wir konnten Ihre Angaben nicht speichern/)).toBeNull();
    expectNoServerEnglish();
    expect(screen.getByLabelText(/Geburtsdatum/)).toHaveValue('1990-05-01');
    expect(sent).toHaveLength(1);
  });

  it('ProfileNotEditable (Portuguese): one sentence, the typed name kept', async () => {
    api(person({ status: 'ON_HOLD' }), () =>
      refuse(409, 'ProfileNotEditable: a profile cannot be edited while ON_HOLD'),
    );
    const { user } = await open('pt');
    await screen.findByRole('textbox', { name: /Sobrenome/ });
    const firstName = document.getElementById('root_firstName') as HTMLInputElement;
    await user.clear(firstName);
    await user.type(firstName, 'Mariana');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Seu perfil não pode ser alterado agora. Entre em contato com o suporte se algo precisar ser corrigido.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/Não foi possível salvar seus dados/)).toBeNull();
    expectNoServerEnglish();
    expect(document.getElementById('root_firstName')).toHaveValue('Mariana');
  });

  it('an unknown refusal says the save failed, translated, and nothing of the server', async () => {
    api(person({ status: 'RELATIONSHIP_VERIFICATION_FAILED' }), () =>
      refuse(409, 'NameMatchUnavailable: the records cannot be reached'),
    );
    const { user } = await open('de');
    expect(await screen.findByText(/stimmen nicht mit unseren Unterlagen überein/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Angaben speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wir konnten Ihre Angaben nicht speichern. Bitte versuchen Sie es erneut.',
    );
    // The failure is the fuzzy-match result now: the earlier mismatch notice gives way to it.
    expect(screen.queryByText(/stimmen nicht mit unseren Unterlagen überein/)).toBeNull();
    expect(document.body).not.toHaveTextContent(/NameMatchUnavailable|cannot be reached/);
  });
});

describe('a company’s details', () => {
  const company = person({
    profileType: 'COMPANY',
    person: undefined,
    company: { name: 'Lima Ltda', tin: '•••• 6789', residency: 'US' },
    addresses: [{ ...address, addressType: 'COMMERCIAL' }],
  });

  it.each([
    ['edit from settings and correct details', '/registration/personal-info'],
    ['its own route', '/registration/company-info'],
  ])('are titled "Company information" in German (%s)', async (_how, path) => {
    api(company);
    await open('de', path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Angaben zum Unternehmen' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Persönliche Angaben' })).toBeNull();
    expect(document.title).toContain('Angaben zum Unternehmen');
  });

  it('a person’s stay "Personal information"', async () => {
    api(person());
    await open('pt');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Informações pessoais' }),
    ).toBeVisible();
  });
});

describe('changing identity details after activation', () => {
  it('asks first (German), saves only on confirm', async () => {
    const sent = api(person());
    const { user } = await open('de');
    const lastName = await screen.findByRole('textbox', { name: /Nachname/ });
    await user.clear(lastName);
    await user.type(lastName, 'Souza');
    const save = screen.getByRole('button', { name: 'Angaben speichern' });
    await user.click(save);

    let dialog = await screen.findByRole('dialog', { name: 'Identität erneut prüfen?' });
    expect(dialog).toHaveTextContent(
      'Wir prüfen Ihre Identität erneut; bis dahin können Sie keine Forderungen annehmen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Nachname/ })).toHaveValue('Souza');

    await user.click(save);
    dialog = await screen.findByRole('dialog', { name: 'Identität erneut prüfen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern und erneut prüfen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ person: { lastName: 'Souza' } });
  });

  it('does not ask when no identity detail changed', async () => {
    const sent = api(person());
    const { user } = await open('de');
    await user.click(await screen.findByRole('button', { name: 'Angaben speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask before activation (the first identity check is still ahead)', async () => {
    const sent = api(person({ status: 'VERIFIED' }));
    const { user } = await open('de', '/registration');
    const lastName = await screen.findByRole('textbox', { name: /Nachname/ });
    await user.clear(lastName);
    await user.type(lastName, 'Souza');
    await user.click(screen.getByRole('button', { name: 'Angaben speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('a refused phone', () => {
  it('keeps the number typed and says why in Portuguese, not "required"', async () => {
    const sent = api(person({ status: 'ON_HOLD' }), () =>
      refuse(409, 'ProfileNotEditable: a profile cannot be edited while ON_HOLD'),
    );
    const { user } = await open('pt');
    const number = await screen.findByRole('textbox', { name: /Número de telefone/ });
    await user.type(number, '14155550123');
    await user.click(screen.getByRole('button', { name: 'Adicionar telefone' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seu perfil não pode ser alterado agora. Entre em contato com o suporte se algo precisar ser corrigido.',
    );
    expect(sent).toEqual([{ phones: [{ number: '+14155550123', phoneType: 'CELL' }] }]);
    expect(screen.getByRole('textbox', { name: /Número de telefone/ })).toHaveValue('14155550123');
    expect(errorsOf(screen.getByRole('textbox', { name: /Número de telefone/ }))).toEqual([]);
    expectNoServerEnglish();
  });
});
