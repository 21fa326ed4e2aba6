// Photo-ID proofing after a failed automated check: front, back and a selfie go to the document
// check (sealed at rest), staff review them through the admin API, and the decision activates the
// profile or fails it again. Only real images, only when the check failed, only once per review.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idDocuments } from '../../src/server/db/schema';
import { DATABASE_KINDS } from './support/databases';
import {
  activatedUser,
  admin,
  ADMIN_KEY,
  PERSON,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness';

// The smallest real images: a 1x1 PNG and the first bytes of a JPEG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]).toString('base64');
const DOCUMENTS = {
  front: { contentType: 'image/png', data: PNG },
  back: { contentType: 'image/png', data: PNG },
  selfie: { contentType: 'image/jpeg', data: JPEG },
};

describe.each(DATABASE_KINDS)('photo-ID proofing on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const review = (url: string) =>
    t.app.inject({
      method: 'GET',
      url: `/master/admin/v1${url}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });

  const failedUser = async () => {
    // The identity simulator fails the last name "Fail".
    const user = await activatedUser(t.app, uniqueEmail('photo'), { ...PERSON, lastName: 'Fail' });
    expect(user.status).toBe('ID_PROOFING_FAILED');
    return user;
  };

  it('takes the documents after a failed check, seals them, and activates on approval', async () => {
    const user = await failedUser();
    const sent = await user.browser.api<{ id: string; status: string }>(
      'POST',
      '/id-proofing/documents',
      DOCUMENTS,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe('ID_PROOFING_PENDING');
    const id = sent.body.data.id;

    const [row] = await t.database.db.select().from(idDocuments).where(eq(idDocuments.id, id));
    expect(row?.sealed).not.toContain(PNG.slice(0, 24));

    const again = await user.browser.api('POST', '/id-proofing/documents', DOCUMENTS);
    expect(again.status).toBe(409);

    const pending = await review('/id-documents?status=PENDING');
    expect((pending.json() as { data: { id: string }[] }).data.map((d) => d.id)).toContain(id);
    const opened = (await review(`/id-documents/${id}`)).json() as {
      data: { images: typeof DOCUMENTS };
    };
    expect(opened.data.images.front.data).toBe(PNG);

    const approved = await admin(t.app, 'PUT', `/id-documents/${id}/decision`, {
      decision: 'APPROVED',
    });
    expect(approved.status).toBe(200);
    const me = await user.browser.api<{ status: string }>('GET', '/me');
    expect(me.body.data.status).toBe('ACTIVATED');
    const twice = await admin(t.app, 'PUT', `/id-documents/${id}/decision`, {
      decision: 'REJECTED',
    });
    expect(twice.status).toBe(409);
  });

  it('fails the check again on rejection, and the user may send new documents', async () => {
    const user = await failedUser();
    const sent = await user.browser.api<{ id: string }>(
      'POST',
      '/id-proofing/documents',
      DOCUMENTS,
    );
    await admin(t.app, 'PUT', `/id-documents/${sent.body.data.id}/decision`, {
      decision: 'REJECTED',
      note: 'The photo is blurred.',
    });
    const me = await user.browser.api<{ status: string }>('GET', '/me');
    expect(me.body.data.status).toBe('ID_PROOFING_FAILED');
    expect((await user.browser.api('POST', '/id-proofing/documents', DOCUMENTS)).status).toBe(200);
  });

  it('refuses what is not an image, and documents nobody asked for', async () => {
    const user = await failedUser();
    const fake = await user.browser.api('POST', '/id-proofing/documents', {
      ...DOCUMENTS,
      front: { contentType: 'image/png', data: Buffer.from('<script>').toString('base64') },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.errors?.[0]).toMatchObject({
      path: '/front',
      messageKey: 'idDocument.format',
    });
    const missing = await user.browser.api('POST', '/id-proofing/documents', {
      front: DOCUMENTS.front,
    });
    expect(missing.status).toBe(400);

    const active = await activatedUser(t.app);
    const unasked = await active.browser.api('POST', '/id-proofing/documents', DOCUMENTS);
    expect(unasked.status).toBe(409);
    expect(unasked.body.message).toMatch(/^DocumentsNotExpected/);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/master/admin/v1/id-documents',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
