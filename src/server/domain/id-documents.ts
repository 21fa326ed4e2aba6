// Photo-ID proofing, the path a recipient takes when the automated identity check failed: the
// front and back of an identity document and a selfie. The embedded default is a simulated
// document check — the images are sealed at rest and staff review them through the admin API —
// behind the `DocumentCheck` interface where a real provider (who would answer by webhook) goes.
// Submitting moves the profile to ID_PROOFING_PENDING; the decision to ACTIVATED or back to
// ID_PROOFING_FAILED, in the same transaction as the review.
import { and, desc, eq } from 'drizzle-orm';
import type { ProfileStatus } from '../../core/types/entities/profile-status';
import type { Database } from '../db/client';
import { idDocuments } from '../db/schema';
import { badRequest, conflict, notFound, type ApiFieldError } from '../errors';
import { getProfile, setStatus } from '../repositories/profiles';
import type { Sealer } from '../services/encryption';
import { assertTransition } from '../services/profile-lifecycle';

export const DOCUMENT_SIDES = ['front', 'back', 'selfie'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
/** Largest image accepted, decoded: a phone photo resized by the portal fits well under it. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

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

/** Each side must be a JPEG, PNG or WebP image of at most MAX_IMAGE_BYTES. */
export function imageErrors(images: Partial<Record<DocumentSide, unknown>>): ApiFieldError[] {
  return DOCUMENT_SIDES.flatMap((side) => {
    const image = images[side] as Partial<DocumentImage> | undefined;
    if (!image || typeof image.data !== 'string' || !image.data)
      return [fieldError(side, 'idDocument.required', 'Add a photo.')];
    const bytes = Buffer.from(image.data, 'base64');
    if (bytes.length > MAX_IMAGE_BYTES)
      return [fieldError(side, 'idDocument.tooLarge', 'The photo is larger than 4 MB.')];
    const format = SIGNATURES.find((s) => s.test(bytes));
    if (!format || format.type !== image.contentType)
      return [
        fieldError(side, 'idDocument.format', 'The photo must be a JPEG, PNG or WebP image.'),
      ];
    return [];
  });
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
      await db.insert(idDocuments).values({
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
  const errors = imageErrors(images);
  if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);
  return db.transaction(async (tx) => {
    const profile = await getProfile(tx, profileId, true);
    if (profile.status !== 'ID_PROOFING_FAILED')
      throw conflict(
        `DocumentsNotExpected: documents are asked for only after a failed identity check (${profile.status})`,
      );
    assertTransition('ID_PROOFING_FAILED', 'ID_PROOFING_PENDING');
    const { id } = await check.submit(tx, profileId, images as DocumentImages);
    await setStatus(tx, profileId, 'ID_PROOFING_PENDING');
    return { id, status: 'ID_PROOFING_PENDING' as const };
  });
}

export interface DocumentSummary {
  id: string;
  profileId: string;
  status: string;
  createdAt: string;
  reviewedAt: string | null;
  note: string | null;
}

const summary = (row: typeof idDocuments.$inferSelect): DocumentSummary => ({
  id: row.id,
  profileId: row.profileId,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  note: row.note,
});

export async function listDocuments(db: Database, status?: string): Promise<DocumentSummary[]> {
  const rows = await db
    .select()
    .from(idDocuments)
    .where(status ? eq(idDocuments.status, status) : undefined)
    .orderBy(desc(idDocuments.createdAt));
  return rows.map(summary);
}

/** One submission with its images opened, for the reviewer. */
export async function openDocuments(
  db: Database,
  sealer: Sealer,
  id: string,
): Promise<DocumentSummary & { images: DocumentImages }> {
  const [row] = await db.select().from(idDocuments).where(eq(idDocuments.id, id));
  if (!row) throw notFound('DocumentsNotFound: no such submission');
  return {
    ...summary(row),
    images: JSON.parse(sealer.open(row.sealed, binding(row.id))) as DocumentImages,
  };
}

/** The reviewer's decision: the profile is activated, or its identity check failed again. */
export async function decideDocuments(
  db: Database,
  id: string,
  decision: 'APPROVED' | 'REJECTED',
  note?: string,
): Promise<DocumentSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(idDocuments)
      .set({ status: decision, reviewedAt: new Date(), note: note ?? null })
      .where(and(eq(idDocuments.id, id), eq(idDocuments.status, 'PENDING')))
      .returning();
    if (!row) throw conflict('DocumentsAlreadyReviewed: this submission is not waiting for review');
    const profile = await getProfile(tx, row.profileId, true);
    const to: ProfileStatus = decision === 'APPROVED' ? 'ACTIVATED' : 'ID_PROOFING_FAILED';
    // A profile blocked meanwhile keeps its block; the decision is recorded all the same.
    if (profile.status === 'ID_PROOFING_PENDING') {
      assertTransition('ID_PROOFING_PENDING', to);
      await setStatus(tx, row.profileId, to);
    }
    return summary(row);
  });
}
