// The server writes the configuration, the principal and the profile into the page
// (src/core/routes/boot-data.ts): the app's first render takes them from there and asks the API
// for none of them; a page without them (the Vite dev server) asks as before.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BOOT_ELEMENT_ID,
  bootConfiguration,
  bootScriptText,
} from '../../../src/core/routes/boot-data';
import type { Configuration } from '../../../src/core/types/entities/configuration';
import { seedFromBootData } from '../../../src/web/app/boot-data';
import { profileApi } from '../../../src/web/api/profile-api';
import { createStore } from '../../../src/web/app/store';
import { readBootData } from '../../../src/web/lib/boot-data';
import { renderApp } from '../support/render';
import { configuration, handlers, profileWith, server } from '../support/server';

const FIRST_READS = [
  '/master/funnel/v1/configs',
  '/master/auth-app/v1/principal',
  '/master/funnel/v1/me',
];

/** Counts the first reads the app makes, answering them as the default handlers do. */
function countFirstReads(): Map<string, number> {
  const counts = new Map<string, number>();
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (FIRST_READS.includes(path)) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

function writeBootElement(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  server.events.removeAllListeners();
});

describe('boot data written into the page', () => {
  it('renders the screen with no request for the configuration, the principal or the profile', async () => {
    const profile = profileWith({ person: { firstName: 'Bea', lastName: 'Boot' } });
    writeBootElement(
      bootScriptText({
        configuration: configuration as unknown as Configuration,
        principal: { id: profile.id },
        profile,
      }),
    );
    const counts = countFirstReads();
    const store = createStore();
    const boot = readBootData();
    expect(boot?.profile?.person?.firstName).toBe('Bea');
    seedFromBootData(store.dispatch, boot!);
    await renderApp('/dashboard', store);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // The profile button shows the boot profile's name (the header reads the cached profile).
    const avatar = screen
      .getByRole('button', { name: /profile/i })
      .querySelector('[data-initials]');
    expect(avatar).toHaveAttribute('data-initials', 'BB');
    expect([...counts]).toEqual([]);
  });

  it("answers the status polls' first read from the profile, unless a hosted check may be open", () => {
    const status = (profile: ReturnType<typeof profileWith>) => {
      const store = createStore();
      seedFromBootData(store.dispatch, {
        configuration: configuration as unknown as Configuration,
        principal: { id: profile.id },
        profile,
      });
      return profileApi.endpoints.getProfileStatus.select()(store.getState()).data;
    };
    expect(status(profileWith({ status: 'ACTIVATED' }))).toEqual({ status: 'ACTIVATED' });
    expect(status(profileWith({ status: 'ON_HOLD' }))).toEqual({ status: 'ON_HOLD' });
    // Only GET /me/status knows whether the hosted identity check waits for the person.
    expect(status(profileWith({ status: 'ID_PROOFING_PENDING' }))).toBeUndefined();
  });

  it("leaves the static pages to the static screen's page: reached from another, it asks the API", async () => {
    const profile = profileWith();
    const boot = (path: string) => ({
      configuration: bootConfiguration(configuration as unknown as Configuration, path),
      principal: { id: profile.id },
      profile,
    });
    expect(boot('/dashboard').configuration.staticPages).toBeUndefined();
    const counts = countFirstReads();
    const store = createStore();
    seedFromBootData(store.dispatch, boot('/dashboard'));
    const { router } = await renderApp('/dashboard', store);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect([...counts]).toEqual([]);
    await router.navigate('/static/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeVisible();
    expect(counts.get('/master/funnel/v1/configs')).toBe(1);
  });

  it("answers the static screen from its own page's boot data", async () => {
    const counts = countFirstReads();
    const store = createStore();
    seedFromBootData(store.dispatch, {
      configuration: bootConfiguration(configuration as unknown as Configuration, '/static/faq'),
    });
    server.use(handlers.principal(false));
    await renderApp('/static/terms', store);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeVisible();
    expect(counts.get('/master/funnel/v1/configs')).toBeUndefined();
  });

  it('is ignored when missing or unreadable: the app asks the API', async () => {
    writeBootElement('{not json');
    expect(readBootData()).toBeNull();
    const counts = countFirstReads();
    server.use(
      http.get('/master/funnel/v1/configs', () => HttpResponse.json({ data: configuration })),
    );
    await renderApp('/dashboard');
    await waitFor(() => expect(counts.get('/master/funnel/v1/configs')).toBe(1));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
