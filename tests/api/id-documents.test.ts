// Photo-ID proofing after a failed automated check: front, back and a selfie go to the document
// check (sealed at rest), staff review them through the admin API, and the decision activates the
// profile or fails it again. Only real images, only when the check failed, only once per review.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/server/domain/id-documents';
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

// The smallest real images: a 1x1 PNG and a 2x2 baseline JPEG (the server decodes each one and
// stores it encoded again, so they must be whole pictures, not just their first bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');
const JPEG_BYTES = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAACAAIBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+v//Z',
  'base64',
);
const JPEG = JPEG_BYTES.toString('base64');
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
    // What the reviewer gets is the picture encoded again by the server, in its own format.
    expect(opened.data.images.front.contentType).toBe('image/png');
    expect(
      await sharp(Buffer.from(opened.data.images.front.data, 'base64')).metadata(),
    ).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(opened.data.images.selfie.contentType).toBe('image/jpeg');

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

  it('refuses an image over 4 MB by its field and a body over the upload limit with a 413', async () => {
    const user = await failedUser();
    const stored = async () =>
      (
        await t.database.db
          .select({ id: idDocuments.id })
          .from(idDocuments)
          .where(eq(idDocuments.profileId, user.profileId))
      ).length;
    const jpeg = (bytes: number) => {
      const image = Buffer.alloc(bytes, 0xff);
      image.set([0xff, 0xd8, 0xff, 0xe0]);
      return { contentType: 'image/jpeg', data: image.toString('base64') };
    };
    // A whole photo of exactly 4 MB: the small JPEG with comment segments (64 kB at most each)
    // after its start marker, which the decoder skips.
    const segments: Buffer[] = [];
    let size = JPEG_BYTES.length;
    while (size < MAX_IMAGE_BYTES) {
      const length = Math.min(0xffff, MAX_IMAGE_BYTES - size - 2);
      const segment = Buffer.alloc(length + 2, 0x61);
      segment.set([0xff, 0xfe, length >> 8, length & 0xff]);
      segments.push(segment);
      size += segment.length;
    }
    const photo = {
      contentType: 'image/jpeg',
      data: Buffer.concat([
        JPEG_BYTES.subarray(0, 2),
        ...segments,
        JPEG_BYTES.subarray(2),
      ]).toString('base64'),
    };
    expect(Buffer.from(photo.data, 'base64').length).toBe(MAX_IMAGE_BYTES);
    // One photo a byte over 4 MB, the others fine: refused on its field.
    const oversize = await user.browser.api('POST', '/id-proofing/documents', {
      ...DOCUMENTS,
      selfie: jpeg(MAX_IMAGE_BYTES + 1),
    });
    expect(oversize.status).toBe(400);
    expect(oversize.body.errors?.[0]).toMatchObject({
      path: '/selfie',
      messageKey: 'idDocument.tooLarge',
    });
    // Past the route's own body limit (three photos at 4 MB, and room for the JSON around them):
    // refused before the body is read, with {code, message}.
    const flood = await user.browser.api('POST', '/id-proofing/documents', {
      front: photo,
      back: photo,
      selfie: { ...photo, data: photo.data + 'x'.repeat(64 * 1024) },
    });
    expect(flood.status).toBe(413);
    expect(flood.body).toMatchObject({ code: 413, message: expect.any(String) });
    expect(await stored()).toBe(0);
    // Three photos at 4 MB fit, although the rest of the API takes 64 kB at most.
    const full = await user.browser.api('POST', '/id-proofing/documents', {
      front: photo,
      back: photo,
      selfie: photo,
    });
    expect(full.status, JSON.stringify(full.body).slice(0, 300)).toBe(200);
    expect(await stored()).toBe(1);
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
