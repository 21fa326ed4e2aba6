// The attack harness itself: a real server on a loopback port, a browser with cookies over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatedUser, DATABASE_KINDS, startLiveServer, type LiveServer } from './support/server';

describe.each(DATABASE_KINDS)('attack harness on %s', (kind) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(kind);
  });
  afterAll(async () => server?.close());

  it('signs a recipient in over real HTTP and reads the profile with the session cookie', async () => {
    const user = await activatedUser(server);
    expect(user.status).toBe('ACTIVATED');
    const me = await user.browser.api('GET', '/me');
    expect(me.status).toBe(200);
    expect((me.json!.data as { email: string }).email).toBe(user.email);
  });
});
