// The sign-in form at the merchant's loginPagePath (DESIGN.md section 5), and what it says to a
// locked account.
import { minutesToWait, type SignInGate } from '../../../domain/sign-in';
import { escapeHtml, renderPage, withPortalName, type PageContext } from '../page-shell';
import { emailField, formOpening } from './form-fields';
import { noticeHtml, type Notice } from './notice';

export function loginForm(
  view: PageContext,
  path: string,
  state: string,
  notice?: Notice,
  email = '',
): string {
  const { locale, t, portalName } = view;
  const invalid =
    notice?.kind === 'error' ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return renderPage(
    view,
    t('title', { portalName }),
    `<h1>${withPortalName(view, 'heading')}</h1>
${formOpening(view, path, state)}
${emailField(view, email, invalid)}
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
<p class="links"><a href="${escapeHtml(`${path}/forgot?${new URLSearchParams({ state, lang: locale })}`)}">${escapeHtml(t('forgotLink'))}</a></p>`,
  );
}

/**
 * The refusal of a locked account: how long to wait (429), or, hard-locked, where to enter the
 * emailed code (423).
 */
export function lockedNotice(
  view: PageContext,
  gate: Exclude<SignInGate, { state: 'open' }>,
  unlockHref: string,
): { status: 429 | 423; notice: Notice } {
  if (gate.state === 'locked') {
    const minutes = minutesToWait(gate.retryAfterSeconds);
    return { status: 429, notice: { kind: 'error', text: view.t('locked', { minutes }) } };
  }
  return {
    status: 423,
    notice: {
      kind: 'error',
      text: view.t('hardLocked'),
      link: { href: unlockHref, label: view.t('unlockLink') },
    },
  };
}
