// The unlock page: the emailed code, or a new code (codes last 10 minutes) with the same form's
// email. The email never travels in a URL, so it stays out of access logs.
import { escapeHtml, renderPage, withPortalName, type PageContext } from '../page-shell';
import { noticeHtml, type Notice } from './notice';

export function unlockForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { locale, t, portalName } = view;
  return renderPage(
    view,
    t('unlockTitle', { portalName }),
    `<h1>${withPortalName(view, 'unlockHeading')}</h1>
<p>${escapeHtml(t('unlockIntro'))}</p>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="code">${escapeHtml(t('unlockCode'))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('unlockSubmit'))}</button>
<button type="submit" name="resend" value="1">${escapeHtml(t('unlockResend'))}</button>
</form>`,
  );
}
