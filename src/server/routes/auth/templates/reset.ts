// The reset link's page: the new password, twice, with each field's own error under it; or, for a
// used or expired link, the way to ask for a new one.
import { escapeHtml, renderPage, type PageContext } from '../page-shell';
import { noticeHtml } from './notice';

export function resetForm(
  view: PageContext,
  path: string,
  token: string,
  errors: { password?: string; passwordConfirmation?: string } = {},
): string {
  const { locale, t, portalName } = view;
  const described = (id: string, error: string | undefined) =>
    error
      ? ` aria-describedby="${id}-error" aria-invalid="true"`
      : ` aria-describedby="${id}-help"`;
  const errorLine = (id: string, error: string | undefined) =>
    error ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : '';
  return renderPage(
    view,
    t('resetTitle', { portalName }),
    `<h1>${escapeHtml(t('resetHeading'))}</h1>
<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="lang" value="${escapeHtml(locale)}">
<label for="password">${escapeHtml(t('resetPassword'))}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${described('password', errors.password)}>
<p class="help" id="password-help">${escapeHtml(t('resetRules'))}</p>
${errorLine('password', errors.password)}
<label for="passwordConfirmation">${escapeHtml(t('resetConfirm'))}</label>
<input id="passwordConfirmation" name="passwordConfirmation" type="password" autocomplete="new-password" required${described('passwordConfirmation', errors.passwordConfirmation)}>
${errorLine('passwordConfirmation', errors.passwordConfirmation)}
<button type="submit">${escapeHtml(t('resetSubmit'))}</button>
</form>`,
  );
}

export function resetExpiredPage(view: PageContext, forgotPath: string): string {
  return renderPage(
    view,
    view.t('resetTitle', { portalName: view.portalName }),
    `<h1>${escapeHtml(view.t('resetHeading'))}</h1>
${noticeHtml({
  kind: 'error',
  text: view.t('resetExpired'),
  link: {
    href: `${forgotPath}?${new URLSearchParams({ lang: view.locale })}`,
    label: view.t('resetAgain'),
  },
})}`,
  );
}
