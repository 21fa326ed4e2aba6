// Asks for the email a reset link goes to; the answer is the same whether or not it has one.
import { escapeHtml, renderPage, type PageContext } from '../page-shell';
import { noticeHtml, type Notice } from './notice';

export function forgotForm(
  view: PageContext,
  path: string,
  state: string,
  email: string,
  notice?: Notice,
): string {
  const { locale, t, portalName } = view;
  return renderPage(
    view,
    t('forgotTitle', { portalName }),
    `<h1>${escapeHtml(t('forgotHeading'))}</h1>
<p>${escapeHtml(t('forgotIntro'))}</p>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="email">${escapeHtml(t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
${noticeHtml(notice)}
<button type="submit">${escapeHtml(t('forgotSubmit'))}</button>
</form>`,
  );
}
