// Operations API (DESIGN.md section 5), guarded by the x-admin-key header (one of the named keys):
// create a claim and invite its recipient; operations' status moves (profile-status.ts); every
// change is in the admin audit log with the key's name (audit.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { claims, tokens } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAdminAudit } from '../../repositories/admin-audit';
import { findProfileByEmail } from '../../repositories/profiles';
import { toClaimDto } from '../../repositories/claims';
import { invitationExpiry } from '../../repositories/tokens';
import { composeInvitation, recipientLocale } from '../../mail/compose';
import { decideDocuments, listDocuments, openDocuments } from '../../domain/id-documents';
import { portalOrigin } from '../../services/merchants';
import type { JsonSchema } from '../../../core/schemas/json-schema';
import {
  createStaffAccount,
  disableStaffAccount,
  importAuthor,
  issueEnrolmentLink,
  unlockStaffAccount,
} from '../../domain/staff';
import { importDrafts, publishedRules } from '../../domain/rules-console';
import { publishedCountries } from '../../repositories/rule-versions';
import { STAFF_ROLES, type StaffRole } from '../../services/staff-sessions';
import { data, entity, exact, listOf, RESPONSES, str, uuid } from '../../openapi/responses';
import { adminActor, guardAdminKey } from './admin-key';
import auditRoutes from './audit';
import metricsRoutes from './metrics';
import paymentFileRoutes from './payment-files';
import profileStatusRoutes from './profile-status';

const documentImage = exact({
  contentType: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp'] },
  data: { type: 'string', description: 'Base64 of the image bytes.' },
});
/** A document submission with its images opened (for the reviewer only). */
const openedDocument = {
  ...RESPONSES.documentSummary,
  properties: {
    ...RESPONSES.documentSummary.properties,
    images: exact({ front: documentImage, back: documentImage, selfie: documentImage }),
  },
  required: [...(RESPONSES.documentSummary.required ?? []), 'images'],
};

const adminRoutes: FastifyPluginAsync = async (app) => {
  const { db, mailer, merchants, config, exchange, sealer } = app.deps;
  guardAdminKey(app, config.adminKeys);
  await app.register(profileStatusRoutes);
  await app.register(auditRoutes);
  await app.register(paymentFileRoutes);
  await app.register(metricsRoutes);

  app.post(
    '/claims',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'amount', 'currency'],
          properties: {
            email: { type: 'string', format: 'email', maxLength: 254 },
            amount: { type: 'string', pattern: '^(0|[1-9][0-9]{0,13})(\\.[0-9]{1,4})?$' },
            currency: { type: 'string', pattern: '^[A-Z]{3}$' },
            merchantId: { type: 'string' },
          },
        },
        response: {
          201: data(
            exact({ claim: entity('claim'), tokenId: str, inviteUrl: str }),
            'The claim, and the invitation sent to its recipient.',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        email: string;
        amount: string;
        currency: string;
        merchantId?: string;
      };
      if (!exchange.currencies.includes(body.currency)) {
        throw new ApiError(400, `UnsupportedCurrency: ${body.currency} is not in the rate table`);
      }
      const merchant =
        (body.merchantId && merchants.byId(body.merchantId)) || merchants.forHost(request.host);
      const tokenId = randomBytes(18).toString('base64url');
      const result = await db.transaction(async (tx) => {
        const existing = await findProfileByEmail(tx, body.email);
        const expiresAt = invitationExpiry(config.invitationTtlDays);
        const [claim] = await tx
          .insert(claims)
          .values({
            email: body.email,
            amount: body.amount,
            currency: body.currency,
            status: 'CLAIM_CREATED',
            merchantId: merchant.id,
            profileId: existing?.id ?? null,
          })
          .returning();
        if (!claim) throw new Error('claim insert returned nothing');
        await recordAdminAudit(tx, {
          actor: adminActor(request),
          action: 'claim.create',
          subject: claim.id,
          detail: { amount: body.amount, currency: body.currency, merchantId: merchant.id },
        });
        await tx.insert(tokens).values({
          id: tokenId,
          email: body.email,
          purpose: 'CLAIM_INVITE',
          claimId: claim.id,
          expiresAt,
        });
        const origin = portalOrigin(config.publicUrl, merchant);
        const inviteUrl = existing ? `${origin}/` : `${origin}/auth/register?claim_id=${claim.id}`;
        const invitation = composeInvitation(
          recipientLocale(existing?.preferredLanguage, merchant),
          merchant,
          {
            amount: body.amount,
            currency: body.currency,
            url: inviteUrl,
            expiresAt,
            existing: Boolean(existing),
          },
        );
        await mailer.enqueue(tx, { to: body.email, ...invitation });
        return { claim: toClaimDto(claim, merchants), tokenId, inviteUrl };
      });
      await mailer.flush();
      return reply.status(201).send({ data: result });
    },
  );

  // Rules console staff (issue 16): a one-time enrolment link, at which the staff member chooses
  // their password and enrols their authenticator (issue 29): the admin key never sees either.
  const enrolmentLink = (description: string) =>
    data(
      exact({
        id: uuid,
        email: str,
        role: { type: 'string', enum: [...STAFF_ROLES] },
        enrolmentUrl: { type: 'string', format: 'uri' },
        enrolmentExpiresAt: { type: 'string', format: 'date-time' },
      }),
      description,
    );
  app.post(
    '/staff',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'role'],
          properties: {
            email: { type: 'string', format: 'email', maxLength: 254 },
            role: { type: 'string', enum: [...STAFF_ROLES] },
          },
        },
        response: {
          201: enrolmentLink(
            'The staff account and its one-time enrolment link (72 hours), shown only now.',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { email: string; role: StaffRole };
      return reply.status(201).send({ data: await createStaffAccount(db, config.publicUrl, body) });
    },
  );

  /** The body of the staff routes that name an account. */
  const staffByEmail = {
    type: 'object',
    additionalProperties: false,
    required: ['email'],
    properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
  } as const;

  // A fresh enrolment link (a lost authenticator, a forgotten password): the old link and the
  // account's sessions end, and it signs in again only once its owner has enrolled anew.
  app.post(
    '/staff/enrolment',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: staffByEmail,
        response: {
          200: enrolmentLink('The new one-time enrolment link (72 hours), shown only now.'),
        },
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      return { data: await issueEnrolmentLink(db, config.publicUrl, email) };
    },
  );

  // A staff account that must stop working: refused at sign-in, its sessions ended.
  app.post(
    '/staff/disable',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: staffByEmail,
        response: {
          200: data(
            exact({
              id: uuid,
              email: str,
              role: { type: 'string', enum: [...STAFF_ROLES] },
              disabledAt: { type: 'string', format: 'date-time' },
            }),
            'The disabled account (disabling it again changes nothing).',
          ),
        },
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      return { data: await disableStaffAccount(db, email) };
    },
  );

  // A staff account locked by failed sign-ins (100 in a row, or a temporary lock): signs in again
  // from a clean count. Audited as staff.unlock.
  app.post(
    '/staff/unlock',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: staffByEmail,
        response: {
          200: data(
            exact({ id: uuid, email: str, failedSignIns: { type: 'integer', minimum: 0 } }),
            'The unlocked account, with the consecutive failures it had.',
          ),
        },
      },
    },
    async (request) => {
      const { email } = request.body as { email: string };
      return { data: await unlockStaffAccount(db, email) };
    },
  );

  // npm run rules:export and rules:import (issue 16): the published rules as files, and files
  // loaded as drafts of a named staff member (another approver approves them).
  const consoleCtx = { db, rules: app.rules };
  // Keyed by rule file name ("GB", "_default"); the domain refuses any other name.
  const ruleFiles: JsonSchema = { type: 'object', additionalProperties: { type: 'object' } };
  app.get(
    '/rules/published',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        response: {
          200: data(
            exact({ rulesVersion: { type: 'integer' }, rules: ruleFiles }),
            'The rule files of every country published in the console, by file name.',
          ),
        },
      },
    },
    async () => {
      await app.rules.refresh(true);
      return { data: publishedRules(consoleCtx, await publishedCountries(db)) };
    },
  );
  app.post(
    '/rules/drafts',
    {
      config: { admin: true },
      // Every rule file at once (about 230 kB today), above the default 64 kB.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        security: [{ adminKey: [] }],
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rules', 'authorEmail'],
          properties: {
            rules: ruleFiles,
            // The staff member whose drafts these are: they cannot approve them (four eyes).
            authorEmail: { type: 'string', format: 'email', maxLength: 254 },
          },
        },
        response: {
          201: data(
            exact({
              drafts: listOf(exact({ country: str, id: { type: 'integer' } })),
              unchanged: listOf(str),
            }),
            'A draft for every file that differs from the rules in use.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { rules, authorEmail } = request.body as {
        rules: Record<string, Record<string, unknown>>;
        authorEmail: string;
      };
      const result = await importDrafts(consoleCtx, await importAuthor(db, authorEmail), rules);
      return reply.status(201).send({ data: result });
    },
  );

  // Photo-ID proofing: the embedded document check is reviewed here (domain/id-documents.ts).
  const idParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', format: 'uuid' } },
  } as const;
  app.get(
    '/id-documents',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        querystring: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['PENDING', 'APPROVED', 'REJECTED'] } },
        },
        response: { 200: data(listOf(RESPONSES.documentSummary)) },
      },
    },
    async (request) => {
      const { status } = request.query as { status?: string };
      return { data: await listDocuments(db, status) };
    },
  );
  app.get(
    '/id-documents/:id',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: data(openedDocument) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return { data: await openDocuments(db, sealer, id) };
    },
  );
  app.put(
    '/id-documents/:id/decision',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        params: idParams,
        body: {
          type: 'object',
          required: ['decision'],
          additionalProperties: false,
          properties: {
            decision: { type: 'string', enum: ['APPROVED', 'REJECTED'] },
            note: { type: 'string', maxLength: 500 },
          },
        },
        response: { 200: data(RESPONSES.documentSummary) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { decision, note } = request.body as {
        decision: 'APPROVED' | 'REJECTED';
        note?: string;
      };
      return { data: await decideDocuments(db, id, decision, note, adminActor(request)) };
    },
  );
};
export default adminRoutes;
