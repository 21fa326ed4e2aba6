// The console's staff accounts from their owner's side (issue 29 point 9): enrolment through the
// one-time link the admin key was given (the staff member chooses their password and enrols their
// own authenticator, confirmed by a current code; then they are signed in), and, signed in, a new
// password or a new authenticator with the current password and code. The rules are in
// domain/staff.ts; every outcome is audited there.
import type { TypedRoutes } from '../typed';
import {
  changeStaffAuthenticator,
  changeStaffPassword,
  chooseStaffLanguage,
  completeEnrolment,
  startAuthenticatorChange,
  startEnrolment,
} from '../../domain/staff';
import { staffOf } from '../../plugins/staff-session';
import { STAFF_ROLES } from '../../services/staff-sessions';
import { data, exact, int, oneOfValues, orNull, str, uuid } from '../../openapi/responses';
import { LOCALES } from '../../../core/i18n/locales';

const role = oneOfValues(STAFF_ROLES);
/** The link's token: 32 random bytes, base64url. */
const token = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } as const;
const code = { type: 'string', pattern: '^[0-9]{6}$' } as const;
const password = { type: 'string', minLength: 1, maxLength: 200 } as const;
const newAuthenticator = exact({
  email: str,
  role,
  otpauthUri: { ...str, pattern: '^otpauth://totp/' },
  secret: { ...str, pattern: '^[A-Z2-7]+=*$' },
});
const changed = exact({ otherSessionsEnded: { ...int, minimum: 0 } });
/** The language a staff member chose for the console; null until they choose one. */
export const STAFF_LANGUAGE = { ...orNull(oneOfValues(LOCALES)), enum: [...LOCALES, null] };

const accountRoutes: TypedRoutes = async (app) => {
  const { db, sealer } = app.deps;

  app.post(
    '/enrolment/authenticator',
    {
      config: { public: true, rateLimit: app.limit(10) },
      schema: {
        summary:
          'At an enrolment link: the account and its new authenticator (made now, shown once per link)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token },
        },
        response: {
          200: data(
            newAuthenticator,
            'The authenticator to add to an app; the same until the enrolment completes.',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return { data: await startEnrolment(db, sealer, body.token) };
    },
  );

  app.post(
    '/enrolment',
    {
      config: { public: true, rateLimit: app.limit(10) },
      schema: {
        summary:
          'Completes an enrolment: the staff member’s own password and a current code of the new authenticator',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'password', 'code'],
          properties: { token, password, code },
        },
        response: {
          200: data(
            exact({ id: uuid, email: str, role, language: STAFF_LANGUAGE }),
            'Enrolled and signed in: the link no longer works, the staff session cookie is set.',
          ),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const member = await completeEnrolment(db, sealer, body.token, body);
      await app.startStaffSession(reply, member.id);
      return { data: member };
    },
  );

  app.post(
    '/account/password',
    {
      config: { rateLimit: app.limit(10) },
      schema: {
        summary: 'A new password, with the current password and authenticator code',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['currentPassword', 'code', 'newPassword'],
          properties: { currentPassword: password, code, newPassword: password },
        },
        response: { 200: data(changed, 'Changed: the other sessions of this account ended.') },
      },
    },
    async (request) => {
      const body = request.body;
      return { data: await changeStaffPassword(db, sealer, staffOf(request), body) };
    },
  );

  app.post(
    '/account/authenticator/new',
    {
      config: { rateLimit: app.limit(10) },
      schema: {
        summary: 'A new authenticator to replace the current one (confirmed with its code)',
        response: { 200: data(newAuthenticator) },
      },
    },
    async (request) => ({
      data: await startAuthenticatorChange(db, sealer, staffOf(request)),
    }),
  );

  app.post(
    '/account/authenticator',
    {
      config: { rateLimit: app.limit(10) },
      schema: {
        summary:
          'Replaces the authenticator: current password and code, and a current code of the new one',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password', 'code', 'newCode'],
          properties: { password, code, newCode: code },
        },
        response: { 200: data(changed, 'Changed: the other sessions of this account ended.') },
      },
    },
    async (request) => {
      const body = request.body;
      return { data: await changeStaffAuthenticator(db, sealer, staffOf(request), body) };
    },
  );

  app.put(
    '/account/language',
    {
      schema: {
        summary: 'The language the staff member reads the console in, kept for their next visit',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['language'],
          properties: { language: { type: 'string', enum: [...LOCALES] } },
        },
        response: { 200: data(exact({ language: oneOfValues(LOCALES) })) },
      },
    },
    async (request) => {
      const body = request.body;
      return { data: await chooseStaffLanguage(db, staffOf(request), body.language) };
    },
  );
};
export default accountRoutes;
