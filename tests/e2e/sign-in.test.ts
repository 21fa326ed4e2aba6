// The real sign-in: the portal sends an anonymous visitor to /auth/start, the sign-in button leads
// to the server's login page, and after it the root flow places the user by profile status.
import { describe, expect, inject, it } from 'vitest';
import { registeredUser } from './support/api';
import { signInThroughPortal, browserForFile } from './support/browser';

const { newPage } = browserForFile();

describe('sign-in (browser)', () => {
  it('signs in through the real login page and lands where the root flow says for a freshly invited user', async () => {
    const baseUrl = inject('e2eBaseUrl');
    const user = await registeredUser();
    expect(user.profile.status).toBe('CREATED');

    const page = await newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/auth\/start\?redirectUrl=/);
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toBe('/');

    await signInThroughPortal(page, baseUrl, user.email);

    // Root flow for CREATED: verify the account.
    await page.waitForURL(`${baseUrl}/registration/verify-account`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect((await heading.textContent())?.trim()).not.toBe('');
  });
});
