// The profile routes: registration for a claim or by token and the account verification code
// (domain/registration.ts), reading and editing the profile and its phones (domain/profile.ts),
// account deletion, and identity proofing. Each parses, calls its domain function, answers.
import type { FastifyRequest } from 'fastify';
import { registrationDomain } from '../../domain/registration';
import { deleteAccount } from '../../domain/account-deletion';
import { MAX_IMAGE_BYTES, reviewQueue, submitDocuments } from '../../domain/id-documents';
import { assertNoControlCharacters, profileDomain } from '../../domain/profile';
import { bool, data, entity, exact, RESPONSES, str, uuid } from '../../openapi/responses';
import { currentStatus, startProofing } from '../../domain/identity-proofing';
import { formDocumentation } from '../../openapi/form-schemas';
import type { JsonSchema } from '../../../core/schemas/json-schema';
import { LOCALES } from '../../../core/i18n/messages';
import { routeDefaults } from '../defaults';
import type { TypedRoutes } from '../typed';

/** What PATCH /me accepts: every field typed, every choice from its list, nothing else. */
const PROFILE_PATCH_FIELDS = {
  profileType: { type: 'string', enum: ['PERSON', 'COMPANY'] },
  person: { type: 'object' },
  company: { type: 'object' },
  addresses: {
    type: 'array',
    maxItems: 5,
    items: {
      type: 'object',
      properties: { addressType: { type: 'string', enum: ['RESIDENTIAL', 'COMMERCIAL'] } },
    },
  },
  phones: { type: 'array', maxItems: 10, items: { type: 'object' } },
  preferredContact: { type: 'string', enum: ['EMAIL_ONLY', 'EMAIL_AND_SMS'] },
  preferredLanguage: { type: 'string', enum: LOCALES },
} as const;
const profilePatchBody = {
  type: 'object',
  properties: {
    ...PROFILE_PATCH_FIELDS,
    data: { type: 'object', properties: PROFILE_PATCH_FIELDS, additionalProperties: false },
  },
  additionalProperties: false,
} as const;

/** PATCH /me as the document shows it: the parts as the composed forms describe them. */
function profilePatchDocument(): JsonSchema {
  const docs = formDocumentation();
  const fields: Record<string, JsonSchema> = {
    ...(PROFILE_PATCH_FIELDS as unknown as Record<string, JsonSchema>),
    person: docs.form('profile-person'),
    company: docs.form('profile-company'),
    addresses: { type: 'array', maxItems: 5, items: docs.form('address') },
    phones: { type: 'array', maxItems: 10, items: docs.form('phone') },
  };
  return {
    type: 'object',
    properties: {
      ...fields,
      data: { type: 'object', properties: fields, additionalProperties: false },
    },
    additionalProperties: false,
  };
}

/** POST /me as the document shows it (the server checks it with the register form). */
const registerBody: JsonSchema = {
  type: 'object',
  required: ['data', 'password', 'claimId'],
  properties: {
    data: {
      type: 'object',
      required: ['email', 'termsAccepted'],
      properties: {
        email: { type: 'string', format: 'email' },
        preferredContact: { $ref: 'preferred-contact.schema.json#' },
        passwordConfirmation: { type: 'string' },
        termsAccepted: { type: 'boolean', const: true },
        additionalAgreementsAccepted: { type: 'boolean' },
        preferredLanguage: {
          type: 'string',
          enum: [...LOCALES],
          description: "The language the portal showed: kept as the person's language (mails).",
        },
      },
    },
    password: {
      type: 'string',
      minLength: 8,
      description: 'At least 8 characters with a letter and a digit; not a common password.',
    },
    claimId: { type: 'string', format: 'uuid', description: 'The claim the invitation was for.' },
  },
  examples: [
    {
      data: { email: 'ana@example.com', termsAccepted: true },
      password: 'Sunrise-42-river',
      claimId: '0202dac3-5ce1-442e-b2bd-71ab9c6aaa98',
    },
  ],
};

const sessionProfileId = (request: FastifyRequest): string => request.session?.profileId ?? '';

const objectBody = { type: 'object' } as const;

const profileRoutes: TypedRoutes = async (app) => {
  routeDefaults(app, { tags: ['profile'] });
  const { db, identity, sealer, merchants } = app.deps;
  const registration = registrationDomain(app.deps);
  const profiles = profileDomain(app.deps);

  // Registration for a claim: the email must be the one the claim was sent to.
  app.post(
    '/me',
    {
      config: { public: true, rateLimit: app.limit(20) },
      schema: {
        summary: 'Register for a claim',
        body: objectBody,
        documentedBody: registerBody,
        response: { 200: RESPONSES.profile },
      },
    },
    async (request) => {
      assertNoControlCharacters(request.body);
      const data = await registration.registerForClaim(request.body, request.host);
      request.log.info({ event: 'registered', profileId: data.id }, 'profile created for a claim');
      return { data };
    },
  );

  // Registration by token (a claim invitation or a guardian invitation).
  app.post(
    '/me/confirm',
    {
      config: { public: true, rateLimit: app.limit(20) },
      schema: {
        body: {
          type: 'object',
          properties: {
            tokenId: { type: 'string', maxLength: 128 },
            password: { type: 'string' },
            preferredContact: { type: 'string' },
            additionalAgreementsAccepted: { type: 'boolean' },
            preferredLanguage: { type: 'string', enum: [...LOCALES] },
          },
        },
        response: { 200: RESPONSES.profile },
      },
    },
    async (request) => {
      assertNoControlCharacters(request.body);
      return { data: await registration.registerByInvitation(request.body, request.host) };
    },
  );

  // Reading the profile and its status is all a blocked account or one awaiting its access code
  // may do: the portal routes on them (account-blocked page, access-code dialog).
  const readable = { beforeAccessCode: true, whileBlocked: true } as const;

  const me200 = { response: { 200: RESPONSES.profile } };
  app.get(
    '/me',
    { config: { ...readable, readsProfile: true }, schema: me200 },
    async (request) => ({
      data: request.session?.profile ?? (await profiles.read(sessionProfileId(request))),
    }),
  );

  app.get(
    '/me/status',
    {
      config: { ...readable, passive: true },
      schema: { response: { 200: RESPONSES.currentStatus } },
    },
    async (request) => ({
      data: await currentStatus({ db, provider: identity }, sessionProfileId(request)),
    }),
  );

  const patchSchema = {
    description:
      'The fields may also come wrapped in `data`. Person, company, addresses and phones are validated with the composed forms of the residency.',
    body: profilePatchBody,
    documentedBody: profilePatchDocument(),
    response: { 200: RESPONSES.profile },
  };
  app.patch('/me', { schema: patchSchema }, async (request) => {
    const body = request.body;
    assertNoControlCharacters(body);
    // The portal may send the fields directly or wrapped in `data`.
    const changes = body.data && typeof body.data === 'object' ? body.data : body;
    // A form opened under the previous country rules is checked with them (grace period).
    const data = await profiles.update(sessionProfileId(request), changes, {
      host: request.host,
      validator: request.rulesValidator,
    });
    return { data };
  });

  // Deleting the account asks for the password again and is refused on hold or while a claim is
  // being paid (domain/account-deletion.ts, issue 29).
  const deleteSchema = {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['password'],
      properties: {
        password: { type: 'string', minLength: 1, maxLength: 256, description: 'Asked again.' },
      },
    },
    response: { 200: RESPONSES.deleted },
  } as const;
  app.delete(
    '/me',
    { config: { rateLimit: app.limit(10, 'account') }, schema: deleteSchema },
    async (request, reply) => {
      const { password } = request.body;
      await deleteAccount(db, app.deps.cardVault, sessionProfileId(request), password);
      await app.endSession(request, reply);
      return { data: { deleted: true } };
    },
  );

  app.delete(
    '/me/phones/:id',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
        response: { 200: RESPONSES.deleted },
      },
    },
    async (request) => {
      const { id } = request.params;
      await profiles.removePhone(sessionProfileId(request), id);
      return { data: { deleted: true } };
    },
  );

  // The account verification code (also the access code when the registration OTP feature is on).
  app.post(
    '/me/verify/otp',
    {
      config: { rateLimit: app.limit(10, 'account'), beforeAccessCode: true },
      schema: {
        body: { type: 'object', properties: { prefix: { type: 'string', pattern: '^\\d{4}$' } } },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const { prefix } = request.body ?? {};
      return registration.sendVerificationCode(sessionProfileId(request), prefix, request.host);
    },
  );

  app.put(
    '/me/verify',
    {
      config: { rateLimit: app.limit(20, 'account'), beforeAccessCode: true },
      schema: {
        body: { type: 'object', properties: { otp: { type: 'string' } }, required: ['otp'] },
        response: { 200: RESPONSES.profileStatus },
      },
    },
    async (request) => {
      const { otp } = request.body;
      const status = await registration.verifyAccount(sessionProfileId(request), otp);
      if (request.session) await app.sessions.markAccessVerified(request.session.idHash);
      return { data: { status } };
    },
  );

  // Access OTP (registration OTP feature): has this session entered the code for this profile?
  app.post(
    '/me/verify-access-otp',
    {
      config: { beforeAccessCode: true },
      schema: {
        body: { type: 'object', properties: { profileId: { type: 'string' } } },
        response: { 200: data(exact({ status: bool }), 'Whether this session entered the code.') },
      },
    },
    async (request) => {
      const { profileId } = request.body ?? {};
      const session = request.session;
      const passed = Boolean(
        session && session.accessVerified && (!profileId || profileId === session.profileId),
      );
      return { data: { status: passed } };
    },
  );

  // Photo-ID proofing after a failed automated check (appConfig.photoIdProofingPath): front, back
  // and a selfie, checked by the document check (domain/id-documents.ts).
  const documentCheck = reviewQueue(sealer);
  const documentImage = {
    type: 'object',
    required: ['contentType', 'data'],
    additionalProperties: false,
    properties: {
      contentType: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp'] },
      data: { type: 'string', maxLength: Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4 },
    },
  } as const;
  app.post(
    '/id-proofing/documents',
    {
      bodyLimit: 3 * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024,
      config: { rateLimit: app.limit(5, 'account') },
      schema: {
        tags: ['identity proofing'],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { front: documentImage, back: documentImage, selfie: documentImage },
        },
        response: { 200: data(exact({ id: uuid, status: entity('profile-status') })) },
      },
    },
    async (request) => {
      const profileId = sessionProfileId(request);
      const images = request.body ?? {};
      const submitted = await submitDocuments(db, documentCheck, profileId, images);
      request.log.info({ event: 'id_documents_submitted', profileId }, 'documents submitted');
      return { data: submitted };
    },
  );

  // Identity proofing (domain/identity-proofing.ts): decided now by the simulator, or started at a
  // hosted provider, whose flow sends the person back to the portal's id-proofing page.
  const proofingSchema = {
    tags: ['identity proofing'],
    response: {
      200: data(
        exact({ status: entity('profile-status'), verificationUrl: str }, ['verificationUrl']),
        "The profile status; with a hosted provider, the flow's URL to send the person to.",
      ),
    },
  };
  const returnUrl = `${app.deps.config.publicUrl}/id-proofing`;
  app.post('/id-proofing/start', { schema: proofingSchema }, async (request) => {
    const profileId = sessionProfileId(request);
    const started = await startProofing(
      { db, provider: identity, sealer, merchants },
      profileId,
      returnUrl,
    );
    request.log.info(
      { event: 'id_proofing', profileId, status: started.status, provider: identity.name },
      started.verificationUrl ? 'identity proofing started' : 'identity proofing finished',
    );
    return { data: started };
  });
};
export default profileRoutes;
