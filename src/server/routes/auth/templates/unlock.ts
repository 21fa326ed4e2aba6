// The unlock page: the emailed code, or a new code (codes last 10 minutes) with the same form's
// email. The email never travels in a URL, so it stays out of access logs.
import { escapeHtml, renderPage, withPortalName, type PageContext } from '../page-shell';
import { emailField, formOpening } from './form-fields';
import { noticeHtml, type Notice } from './notice';

export function unlockForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { t, portalName } = view;
  return renderPage(
    view,
    t('unlockTitle', { portalName }),
    `<h1>${withPortalName(view, 'unlockHeading')}</h1>
<p>${escapeHtml(t('unlockIntro'))}</p>
${formOpening(view, path, state)}
${emailField(view, email)}
<label for="code">${escapeHtml(t('unlockCode'))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('unlockSubmit'))}</button>
<button type="submit" name="resend" value="1">${escapeHtml(t('unlockResend'))}</button>
</form>`,
  );
}
