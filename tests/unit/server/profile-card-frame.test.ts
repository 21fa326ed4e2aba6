// The profile card the server paints on /settings (services/profile-card-frame.ts): what a profile
// holds is text, never markup; a profile on hold gets the notice and no edit link, as the portal's
// card (features/settings/components/profile-summary.tsx) shows it.
import { describe, expect, it } from 'vitest';
import { profileCardHtml } from '../../../src/server/services/profile-card-frame';
import type { Profile } from '../../../src/core/types/entities/profile';

const text = (key: string) => `[${key}]`;
const profile = {
  profileType: 'PERSON',
  status: 'ACTIVATED',
  email: 'a"<b>@example.com',
  person: { firstName: '<img src=x onerror=alert(1)>', lastName: "O'Neil & Co" },
} as unknown as Profile;

describe('the profile card the server paints', () => {
  it('escapes every value of the profile', () => {
    const html = profileCardHtml(profile, 'en', text);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; O&#39;Neil &amp; Co');
    expect(html).toContain('<dd>a&quot;&lt;b&gt;@example.com</dd>');
    expect(html).toContain('<dd>[settings.profile.noAddress]</dd>');
    expect(html).toContain('href="/registration/personal-info"');
  });

  it('shows a profile on hold the notice and no edit link', () => {
    const html = profileCardHtml({ ...profile, status: 'ON_HOLD' } as Profile, 'en', text);
    expect(html).toContain('<p class="settings__notice" role="note">[settings.profile.onHold]</p>');
    expect(html).not.toContain('[settings.profile.edit]');
  });
});
