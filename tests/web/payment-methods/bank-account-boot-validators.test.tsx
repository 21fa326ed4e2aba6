// A page whose screen shows a generated form carries the published rules' validators list in its
// boot data (src/server/routes/web.ts): the bank-account form opens on the methods that list
// offers, with its rules version in use, and never asks GET /master/rules/validators.
import { screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, bootScriptText } from '../../../src/core/routes/boot-data';
import type { Configuration } from '../../../src/core/types/entities/configuration';
import { rulesVersionInUse } from '../../../src/web/lib/rules-version';
import { renderApp } from '../support/render';
import { configuration, profileWith, server } from '../support/server';

afterEach(() => {
  document.getElementById(BOOT_ELEMENT_ID)?.remove();
  server.events.removeAllListeners();
});

it('opens the bank-account form on the methods the page brought, asking for no list', async () => {
  const profile = profileWith({ status: 'ACTIVATED' });
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_ELEMENT_ID;
  element.textContent = bootScriptText({
    configuration: configuration as unknown as Configuration,
    principal: { id: profile.id },
    profile,
    validators: {
      rulesVersion: 7,
      variants: [],
      transferMethods: [{ country: 'US', methods: ['RTP', 'ACH'] }],
    },
  });
  document.body.append(element);
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/master/rules/validators') asked.push(pathname);
  });

  await renderApp('/bank-account');
  const methods = await screen.findByRole('group', { name: 'Transfer method' }, { timeout: 5000 });
  // The page's list, in its order: RTP first and chosen; WIRE, which the build offers, is not.
  expect(
    within(methods)
      .getAllByRole('radio')
      .map((r) => (r as HTMLInputElement).value),
  ).toEqual(['RTP', 'ACH']);
  expect(within(methods).getByRole('radio', { name: /RTP/ })).toBeChecked();
  expect(rulesVersionInUse()).toBe(7);
  expect(asked).toEqual([]);
});
