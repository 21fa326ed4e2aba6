// The rules console's staff sign-in (email + password + TOTP code → staff session cookie), who is
// signed in, sign-out, and the audit log. Rate limited per address, and counted and locked per
// account as recipients' sign-in is (domain/staff.ts); every action is audited.
import type { TypedRoutes } from '../typed';
import {
  recordStaffSignOut,
  signInStaff,
  staffAuditLog,
  StaffCredentialsRefused,
  StaffSignInLocked,
  type StaffMember,
} from '../../domain/staff';
import type { FastifyReply } from 'fastify';
import { staffOf } from '../../plugins/staff-session';
import { STAFF_LANGUAGE } from './account';
import { STAFF_ROLES } from '../../services/staff-sessions';
import {
  data,
  dateTime,
  exact,
  int,
  listOf,
  oneOfValues,
  orNull,
  str,
  uuid,
} from '../../openapi/responses';

const staffMember = exact({
  id: uuid,
  email: str,
  role: oneOfValues(STAFF_ROLES),
  language: STAFF_LANGUAGE,
});
const auditRecord = exact({
  id: uuid,
  actor: str,
  action: str,
  country: orNull(str),
  version: orNull(int),
  detail: orNull({ type: 'object' }),
  at: dateTime,
});

const signInBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'code'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    code: { type: 'string', pattern: '^[0-9]{6}$' },
  },
} as const;

const sessionRoutes: TypedRoutes = async (app) => {
  const { db, sealer } = app.deps;
  // Both ways of signing in share one count per address, ten attempts a minute in all: one
  // limiter on the rate limit plugin's store (Redis when there is one) in place of each route's
  // own (a route's limit counts that route alone).
  const signInLimit = app.rateLimit({
    ...app.limit(10),
    keyGenerator: (request) => `staff-sign-in:${request.ip}`,
  });

  /** Signs in (counted and locked per account); a lock's refusal says how long to wait. */
  const signIn = (
    body: { email: string; password: string; code: string },
    reply: FastifyReply,
  ): Promise<StaffMember> =>
    signInStaff(db, sealer, body, app.deps.metrics).catch((error: unknown) => {
      // A temporary lock: 429 with how long to wait; a hard lock: 423 until an admin unlocks.
      if (error instanceof StaffSignInLocked && error.retryAfterSeconds !== null)
        reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    });

  app.post(
    '/session',
    {
      config: { public: true, rateLimit: false },
      preHandler: signInLimit,
      schema: {
        summary: 'Staff sign-in: email, password and the authenticator (TOTP) code',
        body: signInBody,
        response: { 200: data(staffMember, 'Signed in: the staff session cookie is set.') },
      },
    },
    async (request, reply) => {
      const member = await signIn(request.body, reply);
      await app.startStaffSession(reply, member.id);
      return { data: member };
    },
  );

  // The console's sign-in screen: an attempt the server processed is answered with its outcome,
  // wrong credentials included (as the portal's login page answers a wrong password with its
  // form, not a failed request), so a refused sign-in logs no failed request in the browser. The
  // same checks, count, locks and audit as POST /session; a locked account is refused as there
  // (429 with Retry-After, 423).
  app.post(
    '/sign-in-attempts',
    {
      config: { public: true, rateLimit: false },
      preHandler: signInLimit,
      schema: {
        summary:
          'Staff sign-in with its outcome: signed in (the staff session cookie is set), or refused for a wrong email, password or code; a locked account is refused with 429 or 423 as by POST /session',
        body: signInBody,
        response: {
          200: data(
            exact({
              outcome: {
                ...oneOfValues(['signed-in', 'refused']),
                description:
                  'signed-in: the session cookie is set; refused: the email, the password or the authenticator code is wrong (one answer for all)',
              },
              staff: orNull(staffMember),
            }),
            'The attempt was processed: its outcome',
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const member = await signIn(request.body, reply);
        await app.startStaffSession(reply, member.id);
        return { data: { outcome: 'signed-in' as const, staff: member } };
      } catch (error) {
        if (error instanceof StaffCredentialsRefused)
          return { data: { outcome: 'refused' as const, staff: null } };
        throw error;
      }
    },
  );

  app.get(
    '/session',
    {
      schema: { response: { 200: data(staffMember) } },
    },
    async (request) => {
      const { staffId, email, role, language } = staffOf(request);
      return { data: { id: staffId, email, role, language } };
    },
  );

  // The console asks this when it opens: signed out is an answer, not a failure, so a signed-out
  // sign-in page logs no 401 in the browser's console. It says nothing but who is signed in (no
  // one, without a live session), and it is not activity: it keeps no session alive.
  app.get(
    '/whoami',
    {
      config: { public: true },
      schema: {
        summary: 'Who is signed in to the console: the staff member, or null when no one is',
        response: { 200: data(orNull(staffMember)) },
      },
    },
    async (request) => {
      const session = request.staff;
      return {
        data: session
          ? {
              id: session.staffId,
              email: session.email,
              role: session.role,
              language: session.language,
            }
          : null,
      };
    },
  );

  app.delete(
    '/session',
    {
      schema: { response: { 200: data(exact({ signedOut: { const: true } })) } },
    },
    async (request, reply) => {
      await recordStaffSignOut(db, staffOf(request));
      await app.endStaffSession(request, reply);
      return { data: { signedOut: true } };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        summary: 'The audit log, newest first (optionally of one country)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            country: { type: 'string', pattern: '^(_[a-z]+|[A-Z]{2})$' },
            limit: { type: 'string', pattern: '^([1-9][0-9]?|[1-4][0-9]{2}|500)$' },
          },
        },
        response: { 200: data(listOf(auditRecord)) },
      },
    },
    async (request) => {
      const { country, limit } = request.query;
      return {
        data: await staffAuditLog(db, { country, limit: limit ? Number(limit) : undefined }),
      };
    },
  );
};
export default sessionRoutes;
