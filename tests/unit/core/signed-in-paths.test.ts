// The server's list of signed-in routes is the route table's: every route with access `login` is
// on it, no public route is, and the matcher reads parameters and trailing slashes as the router.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/web/app/route-table';
import { isSignedInPath, SIGNED_IN_PATHS } from '../../../src/core/routes/signed-in-paths';

describe('signed-in paths', () => {
  it('lists exactly the routes of the route table that need a session', () => {
    const login = ROUTES.filter((r) => r.access.kind === 'login').map((r) => r.path);
    expect([...SIGNED_IN_PATHS].sort()).toEqual([...login].sort());
  });

  it('matches parameters and trailing slashes, and nothing public', () => {
    expect(isSignedInPath('/bank-account/3f2a')).toBe(true);
    expect(isSignedInPath('/dashboard/')).toBe(true);
    expect(isSignedInPath('/')).toBe(true);
    for (const path of ['/auth/start', '/auth/register', '/static/terms', '/maintenance', '/x'])
      expect(isSignedInPath(path), path).toBe(false);
    expect(isSignedInPath('/bank-account/3f2a/extra')).toBe(false);
  });

  it("leaves the staff rules console alone: it has its own sign-in, not the recipients'", () => {
    for (const path of ['/console', '/console/', '/console/countries/GB', '/console/versions/3'])
      expect(isSignedInPath(path), path).toBe(false);
  });
});
