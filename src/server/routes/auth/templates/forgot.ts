// Asks for the email a reset link goes to; the answer is the same whether or not it has one.
import { escapeHtml, renderPage, type PageContext } from '../page-shell';
import { emailField, formOpening } from './form-fields';
import { noticeHtml, type Notice } from './notice';

export function forgotForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { t, portalName } = view;
  return renderPage(
    view,
    t('forgotTitle', { portalName }),
    `<h1>${escapeHtml(t('forgotHeading'))}</h1>
<p>${escapeHtml(t('forgotIntro'))}</p>
${formOpening(view, path, state)}
${emailField(view, email)}
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('forgotSubmit'))}</button>
</form>`,
  );
}
