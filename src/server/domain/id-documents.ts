// Photo-ID proofing, the path a recipient takes when the automated identity check failed: the
// front and back of an identity document and a selfie. The embedded default is a simulated
// document check — the images are sealed at rest and staff review them through the admin API —
// behind the `DocumentCheck` interface where a real provider (who would answer by webhook) goes.
// Submitting moves the profile to ID_PROOFING_PENDING; the decision to ACTIVATED or back to
// ID_PROOFING_FAILED, in the same transaction as the review.
// What is stored is never what the client sent: the base64 is decoded strictly, the image is
// decoded by libvips (sharp) and encoded again in its own format, so bytes hidden around or after
// the picture (a script, a polyglot) and its metadata (EXIF with GPS position, XMP, comments) are
// gone; the orientation the camera recorded is applied to the pixels first.
import sharp from 'sharp';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import type { DocumentStatus } from '../../core/types/statuses';
import type { Database } from '../db/client';
import { badRequest, conflict, notFound, type ApiFieldError } from '../errors';
import { recordAdminAudit } from '../repositories/admin-audit';
import {
  findIdDocuments,
  insertIdDocuments,
  listIdDocuments,
  recordReview,
  type IdDocumentRow,
} from '../repositories/id-documents';
import { getProfile, setStatus, setStatusBeforeBlock } from '../repositories/profiles';
import type { Sealer } from '../services/encryption';
import { assertTransition, isBlockedStatus } from './profile-lifecycle';

export const DOCUMENT_SIDES = ['front', 'back', 'selfie'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
/** Largest image accepted, decoded: a phone photo resized by the portal fits well under it. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/**
 * Largest picture decoded, in pixels (a 50-megapixel photo): a few kilobytes of PNG or JPEG can
 * declare a picture that would take gigabytes to decode.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

// No cache of decoded images: they are identity documents, and each is read once.
sharp.cache(false);

export interface DocumentImage {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Base64 of the image bytes. */
  data: string;
}
export type DocumentImages = Record<DocumentSide, DocumentImage>;

/** The image formats accepted, known by their first bytes rather than by what the client says. */
const SIGNATURES: { type: DocumentImage['contentType']; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  {
    type: 'image/webp',
    test: (b) => b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP',
  },
];

const fieldError = (side: DocumentSide, messageKey: string, message: string): ApiFieldError => ({
  path: `/${side}`,
  keyword: 'image',
  messageKey,
  params: {},
  message,
});

/**
 * The bytes of strict base64 (RFC 4648 section 4), or null: only the base64 alphabet, padded to a
 * multiple of four, nothing after the padding, no whitespace, no data: prefix, no base64url. Node's
 * decoder skips whatever it does not understand, so the text is taken only when encoding the
 * decoded bytes again gives it back exactly.
 */
export function strictBase64(text: string): Buffer | null {
  if (text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}

/** Decodes the image and encodes it again in its format, without any metadata; null if unreadable. */
async function reencode(bytes: Buffer, type: DocumentImage['contentType']): Promise<Buffer | null> {
  try {
    // failOn 'error': refuse corrupt pixel data, take the benign warnings real cameras cause.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (`image/${format}` !== type) return null;
    // autoOrient: the EXIF orientation turns the pixels, since the EXIF block is not kept.
    const oriented = image.autoOrient();
    const encoded =
      type === 'image/jpeg'
        ? oriented.jpeg({ quality: 90 })
        : type === 'image/png'
          ? oriented.png()
          : oriented.webp({ quality: 90 });
    // sharp writes no metadata unless asked to (keepMetadata/withMetadata): none is asked for.
    return await encoded.toBuffer();
  } catch {
    return null;
  }
}

type Checked = { ok: true; images: DocumentImages } | { ok: false; errors: ApiFieldError[] };

/**
 * Each side must be strict base64 of a JPEG, PNG or WebP image of at most MAX_IMAGE_BYTES that the
 * image library can decode; the answer carries the images encoded again, the only bytes stored.
 */
export async function checkImages(
  images: Partial<Record<DocumentSide, unknown>>,
): Promise<Checked> {
  const errors: ApiFieldError[] = [];
  const clean: Partial<DocumentImages> = {};
  // One side at a time: a request holds one decoded image in memory, not three.
  for (const side of DOCUMENT_SIDES) {
    const image = images[side] as Partial<DocumentImage> | undefined;
    if (!image || typeof image.data !== 'string' || !image.data) {
      errors.push(fieldError(side, 'idDocument.required', 'Add a photo.'));
      continue;
    }
    const bytes = strictBase64(image.data);
    if (!bytes) {
      errors.push(
        fieldError(side, 'idDocument.encoding', 'The photo is not valid base64 (RFC 4648).'),
      );
      continue;
    }
    if (bytes.length > MAX_IMAGE_BYTES) {
      errors.push(fieldError(side, 'idDocument.tooLarge', 'The photo is larger than 4 MB.'));
      continue;
    }
    const format = SIGNATURES.find((s) => s.test(bytes));
    if (!format || format.type !== image.contentType) {
      errors.push(
        fieldError(side, 'idDocument.format', 'The photo must be a JPEG, PNG or WebP image.'),
      );
      continue;
    }
    // Nothing more is decoded once a side failed: the request is refused anyway.
    if (errors.length) continue;
    const encoded = await reencode(bytes, format.type);
    if (!encoded) {
      errors.push(
        fieldError(side, 'idDocument.unreadable', 'The photo could not be read as an image.'),
      );
      continue;
    }
    clean[side] = { contentType: format.type, data: encoded.toString('base64') };
  }
  return errors.length ? { ok: false, errors } : { ok: true, images: clean as DocumentImages };
}

const binding = (id: string): string => `id_documents:${id}`;

/** Where documents go to be checked: the embedded review queue, or a provider. */
export interface DocumentCheck {
  submit(db: Database, profileId: string, images: DocumentImages): Promise<{ id: string }>;
}

/** The embedded document check: sealed images wait in id_documents for a staff decision. */
export function reviewQueue(sealer: Sealer): DocumentCheck {
  return {
    async submit(db, profileId, images) {
      const id = crypto.randomUUID();
      await insertIdDocuments(db, {
        id,
        profileId,
        sealed: sealer.seal(JSON.stringify(images), binding(id)),
      });
      return { id };
    },
  };
}

/** Sends the documents of a profile whose automated check failed; it then waits for the review. */
export async function submitDocuments(
  db: Database,
  check: DocumentCheck,
  profileId: string,
  images: Partial<Record<DocumentSide, unknown>>,
): Promise<{ id: string; status: ProfileStatus }> {
  // Decoded and encoded again before the transaction: no pooled connection waits on the images.
  const checked = await checkImages(images);
  if (!checked.ok)
    throw badRequest(`ValidationError: ${checked.errors[0]?.message}`, checked.errors);
  return db.transaction(async (tx) => {
    const profile = await getProfile(tx, profileId, true);
    if (profile.status !== 'ID_PROOFING_FAILED')
      throw conflict(
        `DocumentsNotExpected: documents are asked for only after a failed identity check (${profile.status})`,
      );
    assertTransition('ID_PROOFING_FAILED', 'ID_PROOFING_PENDING');
    const { id } = await check.submit(tx, profileId, checked.images);
    await setStatus(tx, profileId, 'ID_PROOFING_PENDING');
    return { id, status: 'ID_PROOFING_PENDING' as const };
  });
}

export interface DocumentSummary {
  id: string;
  profileId: string;
  status: DocumentStatus;
  createdAt: string;
  reviewedAt: string | null;
  note: string | null;
}

const summary = (row: IdDocumentRow): DocumentSummary => ({
  id: row.id,
  profileId: row.profileId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  note: row.note,
});

export async function listDocuments(
  db: Database,
  status?: DocumentStatus,
): Promise<DocumentSummary[]> {
  return (await listIdDocuments(db, status)).map(summary);
}

/** One submission with its images opened, for the reviewer. */
export async function openDocuments(
  db: Database,
  sealer: Sealer,
  id: string,
): Promise<DocumentSummary & { images: DocumentImages }> {
  const row = await findIdDocuments(db, id);
  if (!row) throw notFound('DocumentsNotFound: no such submission');
  return {
    ...summary(row),
    images: JSON.parse(sealer.open(row.sealed, binding(row.id))) as DocumentImages,
  };
}

/**
 * The reviewer's decision: the profile is activated, or its identity check failed again. Recorded
 * in the admin audit log as `actor` (the admin key's name), in the decision's transaction.
 */
export async function decideDocuments(
  db: Database,
  id: string,
  decision: 'APPROVED' | 'REJECTED',
  note: string | undefined,
  actor: string,
): Promise<DocumentSummary> {
  return db.transaction(async (tx) => {
    const row = await recordReview(tx, id, {
      status: decision,
      reviewedAt: new Date(),
      note: note ?? null,
    });
    if (!row) throw conflict('DocumentsAlreadyReviewed: this submission is not waiting for review');
    const profile = await getProfile(tx, row.profileId, true);
    const to: ProfileStatus = decision === 'APPROVED' ? 'ACTIVATED' : 'ID_PROOFING_FAILED';
    let status = profile.status;
    if (profile.status === 'ID_PROOFING_PENDING') {
      assertTransition('ID_PROOFING_PENDING', to);
      await setStatus(tx, row.profileId, to);
      status = to;
    } else if (
      isBlockedStatus(profile.status) &&
      profile.statusBeforeBlock === 'ID_PROOFING_PENDING'
    ) {
      // A profile blocked meanwhile keeps its block; the unblock returns to the decision's outcome
      // (not to a review that is over).
      await setStatusBeforeBlock(tx, row.profileId, to);
    }
    await recordAdminAudit(tx, {
      actor,
      action: 'id-documents.decide',
      subject: row.id,
      detail: { profileId: row.profileId, decision, from: profile.status, to: status },
    });
    return summary(row);
  });
}
