// The profile card of /settings as the portal's first render draws it
// (src/web/features/settings/components/profile-summary.tsx, inside components/section.tsx), painted
// by the server with the page: the card is the screen's largest text (a long e-mail address), and
// drawn by the server it shows with the page's first paint instead of after the scripts have run.
// Same markup, classes and words, so React's first render replaces it with an identical card
// (tests/e2e/page-frames.test.ts). Change the two together.
import { formatAddress } from '../../core/i18n/postal-address';
import { profileName } from '../../core/profile/profile-name';
import { mayDo } from '../../core/profile/status-actions';
import { detailsPath } from '../../core/routes/signed-in-paths';
import type { Profile } from '../../core/types/entities/profile';
import { escapeHtml } from './html';

const HEADING_ID = 'frame-profile-title';

export function profileCardHtml(
  profile: Profile,
  locale: string,
  text: (key: string) => string,
): string {
  const editable = mayDo(profile.status, 'editProfile');
  const lines = formatAddress(profile.addresses?.[0], locale);
  const address = lines.length
    ? lines.map((line) => `<span class="details-list__line">${escapeHtml(line)}</span>`).join('')
    : escapeHtml(text('settings.profile.noAddress'));
  const actions = editable
    ? `<div class="section__actions"><a class="button button--secondary" href="${escapeHtml(detailsPath(profile.profileType))}">${escapeHtml(text('settings.profile.edit'))}</a></div>`
    : '';
  const notice = editable
    ? ''
    : `<p class="settings__notice" role="note">${escapeHtml(text('settings.profile.onHold'))}</p>`;
  const item = (key: string, value: string) =>
    `<dt>${escapeHtml(text(`settings.profile.${key}`))}</dt><dd>${value}</dd>`;
  return (
    `<section class="section" aria-labelledby="${HEADING_ID}">` +
    `<div class="section__header"><div><h2 id="${HEADING_ID}" class="section__title">${escapeHtml(text('settings.profile.title'))}</h2></div>${actions}</div>` +
    `<div class="section__body">${notice}<dl class="details-list">` +
    item('name', escapeHtml(profileName(profile))) +
    item('email', escapeHtml(profile.email)) +
    item('address', address) +
    '</dl></div></section>'
  );
}
