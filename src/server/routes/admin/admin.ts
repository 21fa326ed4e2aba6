// Operations API (DESIGN.md section 5), guarded by the x-admin-key header (one of the named keys):
// create a claim and invite its recipient; operations' status moves (profile-status.ts); every
// change is in the admin audit log with the key's name (audit.ts).
import { createClaimWithInvitation } from '../../domain/claim-invitations';
import { decideDocuments, listDocuments, openDocuments } from '../../domain/id-documents';
import {
  createStaffAccount,
  disableStaffAccount,
  issueEnrolmentLink,
  unlockStaffAccount,
} from '../../domain/staff';
import { importDrafts, publishedRules } from '../../domain/rules-console';
import { STAFF_ROLES } from '../../services/staff-sessions';
import {
  data,
  dateTime,
  entity,
  exact,
  int,
  listOf,
  oneOfValues,
  RESPONSES,
  str,
  uuid,
} from '../../openapi/responses';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';
import { adminActor, guardAdminKey } from './admin-key';
import auditRoutes from './audit';
import metricsRoutes from './metrics';
import paymentFileRoutes from './payment-files';
import profileStatusRoutes from './profile-status';
import { DOCUMENT_STATUSES } from '../../../core/types/statuses';

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

const adminRoutes: TypedRoutes = async (app) => {
  const { db, config, sealer } = app.deps;
  guardAdminKey(app, config.adminKeys);
  // Every route here and in the plugins below is behind the admin key (its API document).
  routeDefaults(app, { config: { admin: true }, tags: ['admin'] });
  await app.register(profileStatusRoutes);
  await app.register(auditRoutes);
  await app.register(paymentFileRoutes);
  await app.register(metricsRoutes);

  app.post(
    '/claims',
    {
      schema: {
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
      const created = await createClaimWithInvitation(
        app.deps,
        request.body,
        adminActor(request),
        request.host,
      );
      return reply.status(201).send({ data: created });
    },
  );

  // Rules console staff (issue 16): a one-time enrolment link, at which the staff member chooses
  // their password and enrols their authenticator (issue 29): the admin key never sees either.
  const enrolmentLink = (description: string) =>
    data(
      exact({
        id: uuid,
        email: str,
        role: oneOfValues(STAFF_ROLES),
        enrolmentUrl: { type: 'string', format: 'uri' },
        enrolmentExpiresAt: { type: 'string', format: 'date-time' },
      }),
      description,
    );
  app.post(
    '/staff',
    {
      schema: {
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
      const created = await createStaffAccount(db, config.publicUrl, request.body);
      return reply.status(201).send({ data: created });
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
      schema: {
        body: staffByEmail,
        response: {
          200: enrolmentLink('The new one-time enrolment link (72 hours), shown only now.'),
        },
      },
    },
    async (request) => {
      const { email } = request.body;
      return { data: await issueEnrolmentLink(db, config.publicUrl, email) };
    },
  );

  // A staff account that must stop working: refused at sign-in, its sessions ended.
  app.post(
    '/staff/disable',
    {
      schema: {
        body: staffByEmail,
        response: {
          200: data(
            exact({
              id: uuid,
              email: str,
              role: oneOfValues(STAFF_ROLES),
              disabledAt: dateTime,
            }),
            'The disabled account (disabling it again changes nothing).',
          ),
        },
      },
    },
    async (request) => {
      const { email } = request.body;
      return { data: await disableStaffAccount(db, email) };
    },
  );

  // A staff account locked by failed sign-ins (100 in a row, or a temporary lock): signs in again
  // from a clean count. Audited as staff.unlock.
  app.post(
    '/staff/unlock',
    {
      schema: {
        body: staffByEmail,
        response: {
          200: data(
            exact({ id: uuid, email: str, failedSignIns: { ...int, minimum: 0 } }),
            'The unlocked account, with the consecutive failures it had.',
          ),
        },
      },
    },
    async (request) => {
      const { email } = request.body;
      return { data: await unlockStaffAccount(db, email) };
    },
  );

  // npm run rules:export and rules:import (issue 16): the published rules as files, and files
  // loaded as drafts of a named staff member (another approver approves them).
  const consoleCtx = { db, rules: app.rules };
  // Keyed by rule file name ("GB", "_default"); the domain refuses any other name.
  const ruleFiles = { type: 'object', additionalProperties: { type: 'object' } } as const;
  app.get(
    '/rules/published',
    {
      schema: {
        response: {
          200: data(
            exact({
              rulesVersion: int,
              rules: ruleFiles,
              retired: listOf(str),
            }),
            'The rule files of every country published in the console, by file name, and the files of the repository whose country was retired there.',
          ),
        },
      },
    },
    async () => ({ data: await publishedRules(consoleCtx) }),
  );
  app.post(
    '/rules/drafts',
    {
      // Every rule file at once (about 230 kB today), above the default 64 kB.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rules', 'authorEmail'],
          properties: {
            rules: ruleFiles,
            // The staff member whose drafts these are: they cannot approve them (four eyes).
            authorEmail: { type: 'string', format: 'email', maxLength: 254 },
            // `rules` is the whole folder: a country file in use that it lacks is retired.
            retireMissing: { type: 'boolean', default: false },
          },
        },
        response: {
          201: data(
            exact({
              drafts: listOf(exact({ country: str, id: int })),
              retired: listOf(exact({ country: str, id: int })),
              unchanged: listOf(str),
            }),
            'A draft for every file that differs from the rules in use, and with retireMissing a retirement draft for every country whose own file is in use but not among the files.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { rules, authorEmail, retireMissing } = request.body;
      const result = await importDrafts(consoleCtx, authorEmail, rules, retireMissing);
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
      schema: {
        querystring: {
          type: 'object',
          properties: { status: { type: 'string', enum: DOCUMENT_STATUSES } },
        },
        response: { 200: data(listOf(RESPONSES.documentSummary)) },
      },
    },
    async (request) => {
      const { status } = request.query;
      return { data: await listDocuments(db, status) };
    },
  );
  app.get(
    '/id-documents/:id',
    {
      schema: {
        params: idParams,
        response: { 200: data(openedDocument) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { data: await openDocuments(db, sealer, id) };
    },
  );
  app.put(
    '/id-documents/:id/decision',
    {
      schema: {
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
      const { id } = request.params;
      const { decision, note } = request.body;
      return { data: await decideDocuments(db, id, decision, note, adminActor(request)) };
    },
  );
};
export default adminRoutes;
