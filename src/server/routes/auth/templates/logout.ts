// The sign-out confirmation a cross-site GET gets instead of being signed out.
import { escapeHtml, renderPage, withPortalName, type PageContext } from '../page-shell';

export function logoutForm(view: PageContext, path: string): string {
  const { t, portalName } = view;
  return renderPage(
    view,
    t('signOutTitle', { portalName }),
    `<h1>${withPortalName(view, 'signOutHeading')}</h1>
<form method="post" action="${escapeHtml(path)}">
<button type="submit">${escapeHtml(t('signOutSubmit'))}</button>
</form>`,
  );
}
