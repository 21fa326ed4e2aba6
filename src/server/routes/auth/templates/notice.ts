// A message under a form of the server's pages: an error (role=alert) or a note, with a link.
import { escapeHtml } from '../page-shell';

/** A message under a form: an error (role=alert) or a note, with an optional link. */
export interface Notice {
  kind: 'error' | 'note';
  text: string;
  link?: { href: string; label: string };
}

export function noticeHtml(notice: Notice | undefined): string {
  if (!notice) return '';
  const link = notice.link
    ? ` <a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a>`
    : '';
  return notice.kind === 'error'
    ? `<p class="error" id="login-error" role="alert">${escapeHtml(notice.text)}${link}</p>`
    : `<p class="note" role="status">${escapeHtml(notice.text)}${link}</p>`;
}
