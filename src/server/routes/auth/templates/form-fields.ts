// The parts every form of the sign-in pages shares: the opening with the state (where the portal
// continues) and language carried along, and the email field.
import { escapeHtml, type PageContext } from '../page-shell';

/** `<form>` posting to `path`, with the hidden state and language. */
export const formOpening = (view: PageContext, path: string, state: string): string =>
  `<form method="post" action="${escapeHtml(path)}" novalidate>
<input type="hidden" name="state" value="${escapeHtml(state)}">
<input type="hidden" name="lang" value="${escapeHtml(view.locale)}">`;

/** The email field, filled with what was typed; `attributes` marks it invalid after an error. */
export const emailField = (view: PageContext, email: string, attributes = ''): string =>
  `<label for="email">${escapeHtml(view.t('email'))}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${attributes}>`;
