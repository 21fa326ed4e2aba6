// Every error name a portal call can answer is listed in core (src/core/errors/error-names.ts) and
// has a sentence in each language (locales/*/common.json errors.<Name>): the portal never shows
// the server's English. The names are found in the server's source, where they are thrown.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_NAMES, errorNameOf, isApiErrorName } from '../../../src/core/errors/error-names';
import { refusalOf } from '../../../src/core/profile/status-actions';
import { LOCALES } from '../../../src/core/i18n/messages';
import { loadCommon } from '../../../src/core/i18n/load-locales';

const SERVER = 'src/server';
/** What only staff, operators and providers call (console, admin API and its payment files, dev outbox, the server-rendered sign-in, the identity provider's webhook). */
const NOT_THE_PORTAL =
  /routes\/(console|admin|dev|auth|docs|identity)|domain\/(staff|rules-console|sign-in|password-reset|payment-files)|plugins\/staff-session|repositories\/rule-versions/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/** The stable name of each error thrown with a literal message: conflict('Name: ...'), etc. */
const THROWN =
  /\b(?:conflict|badRequest|forbidden|notFound|tooManyRequests|unauthorized|serviceUnavailable|identityError|new ApiError)\(\s*(?:\d+,\s*)?(['`"])([A-Za-z][A-Za-z ]*?)(?::|\1)/g;

function thrownNames(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files(SERVER).filter((f) => f.endsWith('.ts') && !NOT_THE_PORTAL.test(f))) {
    for (const match of readFileSync(file, 'utf8').matchAll(THROWN)) {
      const name = errorNameOf(match[2]) ?? match[2] ?? '';
      found.set(name, [...(found.get(name) ?? []), file]);
    }
  }
  return found;
}

describe('API error names', () => {
  const thrown = thrownNames();

  it('finds the names the portal meets (the scan works)', () => {
    for (const name of ['DateOfBirthLocked', 'ValidationError', 'AlreadyExists', 'WrongOtp'])
      expect(thrown.has(name), name).toBe(true);
  });

  it('lists every name the portal-facing server code throws', () => {
    const missing = [...thrown.entries()]
      .filter(([name]) => !isApiErrorName(name))
      .map(([name, where]) => `${name} (${[...new Set(where)].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('lists the refusals of the status table', () => {
    for (const status of ['ON_HOLD', 'VERIFIED', 'ACTIVATED'])
      for (const action of [undefined, 'editProfile'] as const)
        expect(isApiErrorName(refusalOf(status, action))).toBe(true);
  });

  it.each(LOCALES)('%s has a sentence for every name, and a generic one', (locale) => {
    const errors = loadCommon(locale).errors as Record<string, unknown> | undefined;
    const missing = ['generic', ...API_ERROR_NAMES].filter(
      (name) => typeof errors?.[name] !== 'string' || !errors[name],
    );
    expect(missing).toEqual([]);
  });

  it('reads the name from the start of a message, and nothing else', () => {
    expect(errorNameOf('DateOfBirthLocked: the date of birth of a minor cannot be changed')).toBe(
      'DateOfBirthLocked',
    );
    expect(errorNameOf('Wrong OTP')).toBe('WrongOtp');
    expect(errorNameOf('ClaimNotCancellable')).toBe('ClaimNotCancellable');
    expect(errorNameOf('This password is too common; choose another one.')).toBeUndefined();
    expect(errorNameOf('SomethingNew: not a name the portal knows')).toBeUndefined();
    expect(errorNameOf(undefined)).toBeUndefined();
  });
});
