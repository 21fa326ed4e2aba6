// Attacks on the photo-ID upload, over real HTTP: a script smuggled after a JPEG (raw, or as base64
// after the padding), a picture's GPS position kept in its EXIF block, a file that only starts like
// an image, and base64 the strict decoder refuses. What the admin reads back must be an image the
// server encoded itself, with no metadata and nothing the client hid in it.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activatedUser,
  adminCall,
  DATABASE_KINDS,
  PERSON,
  startLiveServer,
  uniqueEmail,
  type HttpResponse,
  type LiveServer,
} from './support/server';

const SCRIPT = '<script>alert(document.cookie)</script>';
const b64 = (bytes: Buffer): string => bytes.toString('base64');

/**
 * An APP1 segment with an EXIF block (big-endian TIFF) holding a GPS IFD: latitude N 48°51'29".
 */
function exifGpsSegment(): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825, LONG) pointing at the GPS IFD at 26.
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD: GPSLatitudeRef "N" (ASCII, inline) and GPSLatitude (3 RATIONAL at 56).
  tiff.writeUInt16BE(2, 26);
  tiff.writeUInt16BE(1, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 34, 'ascii');
  tiff.writeUInt16BE(2, 40);
  tiff.writeUInt16BE(5, 42);
  tiff.writeUInt32BE(3, 44);
  tiff.writeUInt32BE(56, 48);
  tiff.writeUInt32BE(0, 52);
  [48, 51, 29].forEach((value, i) => {
    tiff.writeUInt32BE(value, 56 + i * 8);
    tiff.writeUInt32BE(1, 60 + i * 8);
  });
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** Whether the bytes carry an EXIF block or its GPS pointer (tag 0x8825 in either byte order). */
const hasExif = (bytes: Buffer): boolean =>
  bytes.includes('Exif') ||
  bytes.includes(Buffer.from('MM\0*', 'latin1')) ||
  bytes.includes(Buffer.from('II*\0', 'latin1'));

interface ReadBack {
  images: Record<'front' | 'back' | 'selfie', { contentType: string; data: string }>;
}

describe.each(DATABASE_KINDS)('photo-ID upload attacks on %s', (kind) => {
  let server: LiveServer;
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;
  beforeAll(async () => {
    server = await startLiveServer(kind, { RATE_LIMIT_SCALE: '20' });
    const picture = (background: string) =>
      sharp({ create: { width: 24, height: 16, channels: 3, background } });
    jpeg = await picture('#2a7').jpeg().toBuffer();
    png = await picture('#a27').png().toBuffer();
    webp = await picture('#27a').webp().toBuffer();
  });
  afterAll(async () => server?.close());

  /** A recipient whose automated check failed, so photo-ID upload is open to them. */
  const failedUser = async () => {
    const user = await activatedUser(server, uniqueEmail('photo'), { ...PERSON, lastName: 'Fail' });
    expect(user.status).toBe('ID_PROOFING_FAILED');
    return user;
  };
  const documents = (front: { contentType: string; data: string }) => ({
    front,
    back: { contentType: 'image/png', data: b64(png) },
    selfie: { contentType: 'image/webp', data: b64(webp) },
  });
  /** What the admin API gives the reviewer for a submission. */
  const readBack = async (sent: HttpResponse): Promise<ReadBack> => {
    expect(sent.status, sent.text.slice(0, 300)).toBe(200);
    const id = (sent.json!.data as { id: string }).id;
    const opened = await adminCall(server, 'GET', `/id-documents/${id}`);
    expect(opened.status).toBe(200);
    return opened.json!.data as ReadBack;
  };
  const bytesOf = (image: { data: string }): Buffer => Buffer.from(image.data, 'base64');

  it('keeps no script appended to a JPEG: the reviewer gets only the re-encoded picture', async () => {
    const user = await failedUser();
    const polyglot = Buffer.concat([jpeg, Buffer.from(SCRIPT)]);
    const sent = await user.browser.api(
      'POST',
      '/id-proofing/documents',
      documents({ contentType: 'image/jpeg', data: b64(polyglot) }),
    );
    // Refused, or taken as the picture alone: never stored as sent.
    if (sent.status === 400) return;
    const back = await readBack(sent);
    for (const image of Object.values(back.images)) {
      expect(bytesOf(image).includes('<script')).toBe(false);
      expect(image.data).not.toContain(b64(Buffer.from('<script')).slice(0, 8));
    }
    const front = bytesOf(back.images.front);
    expect(back.images.front.contentType).toBe('image/jpeg');
    expect(front.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await sharp(front).metadata()).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
  });

  it('refuses base64 with anything after its padding, or outside the alphabet, by field', async () => {
    const user = await failedUser();
    // The JPEG padded to a length that needs "==", then a script as more base64 after it.
    let padded = jpeg;
    while (padded.length % 3 !== 1) padded = Buffer.concat([padded, Buffer.from([0])]);
    expect(b64(padded).endsWith('==')).toBe(true);
    const smuggled = `${b64(padded)}${b64(Buffer.from(SCRIPT))}`;
    for (const data of [
      smuggled,
      `${b64(jpeg)}\n`,
      `data:image/jpeg;base64,${b64(jpeg)}`,
      b64(jpeg).replace(/=+$/, ''),
      b64(jpeg).replaceAll('+', '-').replaceAll('/', '_'),
      `${b64(jpeg).slice(0, 40)} ${b64(jpeg).slice(40)}`,
    ]) {
      // Skip a variant the fixture does not exercise (a JPEG with no "+" or "/" in its base64).
      if (data === b64(jpeg)) continue;
      const refused = await user.browser.api(
        'POST',
        '/id-proofing/documents',
        documents({ contentType: 'image/jpeg', data }),
      );
      expect(refused.status, data.slice(-60)).toBe(400);
      expect((refused.json!.errors as unknown[])[0]).toMatchObject({
        path: '/front',
        messageKey: 'idDocument.encoding',
      });
    }
    // Still waiting for documents: nothing was stored.
    const me = await user.browser.api('GET', '/me');
    expect((me.json!.data as { status: string }).status).toBe('ID_PROOFING_FAILED');
  });

  it('drops the EXIF block, GPS position included, from a photo', async () => {
    const user = await failedUser();
    const located = Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)]);
    // The upload really carries a readable GPS block.
    expect(hasExif(located)).toBe(true);
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const back = await readBack(
      await user.browser.api(
        'POST',
        '/id-proofing/documents',
        documents({ contentType: 'image/jpeg', data: b64(located) }),
      ),
    );
    for (const image of Object.values(back.images)) {
      const bytes = bytesOf(image);
      expect(hasExif(bytes)).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    expect(await sharp(bytesOf(back.images.front)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 24,
      height: 16,
    });
  });

  it('refuses a file that only starts like an image, and still takes real photos', async () => {
    const user = await failedUser();
    const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    const fake = await user.browser.api(
      'POST',
      '/id-proofing/documents',
      documents({
        contentType: 'image/jpeg',
        data: b64(Buffer.concat([header, Buffer.from(SCRIPT)])),
      }),
    );
    expect(fake.status).toBe(400);
    expect((fake.json!.errors as unknown[])[0]).toMatchObject({
      path: '/front',
      messageKey: 'idDocument.unreadable',
    });

    const back = await readBack(
      await user.browser.api(
        'POST',
        '/id-proofing/documents',
        documents({ contentType: 'image/jpeg', data: b64(jpeg) }),
      ),
    );
    const formats = await Promise.all(
      Object.values(back.images).map(async (image) => ({
        contentType: image.contentType,
        ...(({ format, width, height }) => ({ format, width, height }))(
          await sharp(bytesOf(image)).metadata(),
        ),
      })),
    );
    expect(formats).toEqual([
      { contentType: 'image/jpeg', format: 'jpeg', width: 24, height: 16 },
      { contentType: 'image/png', format: 'png', width: 24, height: 16 },
      { contentType: 'image/webp', format: 'webp', width: 24, height: 16 },
    ]);
  });
});
