// The profile: registration for a claim or by token, the account verification code, profile
// edits (validated with the same form schemas as the portal), phones, and identity proofing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addresses, claims, guardians, phones, profiles, tokens } from '../../db/schema';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound, type ApiFieldError } from '../../errors';
import {
  deletePhone,
  findProfileByEmail,
  getProfile,
  readProfileDto,
  setStatus,
  toProfileDto,
  type ProfileRow,
} from '../../repositories/profiles';
import { hashPassword, isCommonPassword } from '../../services/passwords';
import { isInvitedEmail, NOT_INVITED_EMAIL } from '../../domain/registration';
import { assertClaimInvitationLive, getLiveToken } from '../../repositories/tokens';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { assertTransition } from '../../domain/profile-lifecycle';
import { assertMay } from '../../domain/status-policy';
import { deleteAccount } from '../../domain/account-deletion';
import type { ProfileStatus } from '../../../core/types/entities/profile-status';
import { DEFAULT_MINIMUM_AGE } from '../../../core/schemas/compose';
import type { Merchant } from '../../services/merchants';
import { CODE_TTL_MINUTES, composeCode, recipientLocale } from '../../mail/compose';
import { MAX_IMAGE_BYTES, reviewQueue, submitDocuments } from '../../domain/id-documents';
import {
  assertMinorKeepsDateOfBirth,
  assertNoControlCharacters,
  identityBinding,
  identityChanged,
  isMinorBy,
  openIdentity,
  splitNumbers,
  withStoredNumbers,
  type SealedIdentity,
} from '../../domain/profile';
import { bool, data, entity, exact, RESPONSES, str, uuid } from '../../openapi/responses';
import { startProofing } from '../../domain/identity-proofing';
import { formDocumentation } from '../../openapi/form-schemas';
import type { JsonSchema } from '../../../core/schemas/json-schema';
import { isLocale, LOCALES } from '../../../core/i18n/messages';

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

interface RegisterBody {
  data?: {
    email?: string;
    preferredContact?: string;
    passwordConfirmation?: string;
    termsAccepted?: boolean;
    additionalAgreementsAccepted?: boolean;
    preferredLanguage?: string;
  };
  password?: string;
  claimId?: string;
}

const objectBody = { type: 'object' } as const;

const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db, mailer, forms, merchants, identity, sealer, metrics } = app.deps;

  /**
   * The register form's rules plus the common-password blocklist, and the additional agreements
   * of a merchant that has them (branding.additionalAgreements; the merchant of the request's host,
   * whose configuration the register page showed).
   */
  function checkRegistration(
    merchant: Merchant,
    email: string,
    password: string,
    data: RegisterBody['data'] = {},
  ): void {
    const record = {
      email,
      password,
      passwordConfirmation: data.passwordConfirmation ?? password,
      preferredContact: data.preferredContact ?? 'EMAIL_ONLY',
      termsAccepted: data.termsAccepted ?? false,
      ...(data.additionalAgreementsAccepted === undefined
        ? {}
        : { additionalAgreementsAccepted: data.additionalAgreementsAccepted }),
    };
    const errors = forms.check('register', record);
    const { branding } = merchant.configuration;
    if (branding.additionalAgreements && record.additionalAgreementsAccepted !== true) {
      errors.push({
        path: '/additionalAgreementsAccepted',
        keyword: record.additionalAgreementsAccepted === undefined ? 'required' : 'const',
        messageKey: 'mustAccept',
        params: {},
        message: 'Please accept the additional agreements to continue.',
      });
    }
    if (!errors.length && isCommonPassword(password)) {
      errors.push({
        path: '/password',
        keyword: 'commonPassword',
        messageKey: 'password.common',
        params: {},
        message: 'This password is too common; choose another one.',
      });
    }
    if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);
  }

  /**
   * The merchant a registration belongs to: the one of its claim, or of the minor a guardian is
   * invited for — never the Host the request came through (its rules must not be escaped).
   */
  async function merchantOfInvitation(
    request: FastifyRequest,
    invitation: { claimId?: string | null; guardianId?: string | null },
  ): Promise<Merchant> {
    let merchantId: string | undefined;
    if (invitation.claimId) {
      const [claim] = await db
        .select({ merchantId: claims.merchantId })
        .from(claims)
        .where(sql`${claims.id}::text = ${invitation.claimId}`);
      merchantId = claim?.merchantId;
    } else if (invitation.guardianId) {
      const [minor] = await db
        .select({ merchantId: profiles.merchantId })
        .from(guardians)
        .innerJoin(profiles, eq(profiles.id, guardians.minorProfileId))
        .where(eq(guardians.id, invitation.guardianId));
      merchantId = minor?.merchantId;
    }
    return (merchantId && merchants.byId(merchantId)) || merchants.forHost(request.host);
  }

  async function createProfile(
    tx: Database,
    merchant: Merchant,
    email: string,
    passwordHash: string,
    preferredContact: string,
    preferredLanguage: unknown,
  ): Promise<ProfileRow> {
    if (await findProfileByEmail(tx, email))
      throw conflict('AlreadyExists: an account with this email already exists; sign in instead');
    const [row] = await tx
      .insert(profiles)
      .values({
        email,
        passwordHash,
        status: 'CREATED',
        merchantId: merchant.id,
        preferredContact,
        // The language the register page was shown in: the first mail already speaks it.
        ...(isLocale(preferredLanguage) ? { preferredLanguage } : {}),
        lockProfileType: merchant.configuration.businessRules.lockProfileType,
      })
      .returning();
    if (!row) throw new Error('profile insert returned nothing');
    return row;
  }

  // Registration for a claim: the email must be the one the claim was sent to.
  app.post(
    '/me',
    {
      config: { public: true, rateLimit: app.limit(20) },
      schema: {
        tags: ['profile'],
        summary: 'Register for a claim',
        body: objectBody,
        documentedBody: registerBody,
        response: { 200: RESPONSES.profile },
      },
    },
    async (request) => {
      assertNoControlCharacters(request.body);
      const body = request.body as RegisterBody;
      const email = (body.data?.email ?? '').trim();
      const password = body.password ?? '';
      if (!body.claimId)
        throw badRequest('ValidationError: the claim id is missing', [
          {
            path: '/claimId',
            keyword: 'required',
            messageKey: 'required',
            params: {},
            message: 'Claim is required.',
          },
        ]);
      const merchant = await merchantOfInvitation(request, { claimId: body.claimId });
      checkRegistration(merchant, email, password, body.data);
      // Hashed before the transaction: hashing takes a while under load, and holding a pooled
      // connection and the claim's row lock meanwhile starves every other request.
      const passwordHash = await hashPassword(password);
      const data = await db.transaction(async (tx) => {
        const [claim] = await tx
          .select()
          .from(claims)
          .where(sql`${claims.id}::text = ${body.claimId}`)
          .for('update');
        if (!claim) throw notFound('ClaimNotFound: no claim with this id');
        if (!isInvitedEmail(claim.email, email))
          throw badRequest(`ValidationError: ${NOT_INVITED_EMAIL.message}`, [NOT_INVITED_EMAIL]);
        await assertClaimInvitationLive(tx, claim.id);
        const row = await createProfile(
          tx,
          merchant,
          email,
          passwordHash,
          body.data?.preferredContact ?? 'EMAIL_ONLY',
          body.data?.preferredLanguage,
        );
        await tx
          .update(claims)
          .set({ profileId: row.id })
          .where(
            sql`lower(${claims.email}) = ${email.toLowerCase()} and ${claims.profileId} is null`,
          );
        await tx.update(tokens).set({ usedAt: new Date() }).where(eq(tokens.claimId, claim.id));
        // Read inside the transaction: once it commits, nothing can fail and tell the user
        // "not registered" (a retry would then meet AlreadyExists).
        return toProfileDto(tx, row);
      });
      metrics.registered();
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
        tags: ['profile'],
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
      const body = request.body as {
        tokenId?: string;
        password?: string;
        preferredContact?: string;
        termsAccepted?: boolean;
        passwordConfirmation?: string;
        additionalAgreementsAccepted?: boolean;
        preferredLanguage?: string;
      };
      const tokenId = body.tokenId ?? '';
      const token = await getLiveToken(db, tokenId);
      if (token.usedAt)
        throw conflict('AlreadyExists: this invitation was already used; sign in instead');
      const password = body.password ?? '';
      const merchant = await merchantOfInvitation(request, token);
      checkRegistration(merchant, token.email, password, {
        preferredContact: body.preferredContact,
        termsAccepted: body.termsAccepted ?? true,
        passwordConfirmation: body.passwordConfirmation,
        additionalAgreementsAccepted: body.additionalAgreementsAccepted,
      });
      const passwordHash = await hashPassword(password);
      const data = await db.transaction(async (tx) => {
        const row = await createProfile(
          tx,
          merchant,
          token.email,
          passwordHash,
          body.preferredContact ?? 'EMAIL_ONLY',
          body.preferredLanguage,
        );
        await tx.update(tokens).set({ usedAt: new Date() }).where(eq(tokens.id, token.id));
        await tx
          .update(claims)
          .set({ profileId: row.id })
          .where(
            sql`lower(${claims.email}) = ${token.email.toLowerCase()} and ${claims.profileId} is null`,
          );
        await tx
          .update(guardians)
          .set({ guardianProfileId: row.id })
          .where(
            and(
              sql`lower(${guardians.email}) = ${token.email.toLowerCase()}`,
              isNull(guardians.guardianProfileId),
            ),
          );
        return toProfileDto(tx, row);
      });
      metrics.registered();
      return { data };
    },
  );

  // Reading the profile and its status is all a blocked account or one awaiting its access code
  // may do: the portal routes on them (account-blocked page, access-code dialog).
  const readable = { beforeAccessCode: true, whileBlocked: true } as const;

  const me200 = { tags: ['profile'], response: { 200: RESPONSES.profile } };
  app.get(
    '/me',
    { config: { ...readable, readsProfile: true }, schema: me200 },
    async (request) => ({
      data: request.session?.profile ?? (await readProfileDto(db, sessionProfileId(request))),
    }),
  );

  app.get(
    '/me/status',
    {
      config: { ...readable, passive: true },
      schema: { tags: ['profile'], response: { 200: RESPONSES.profileStatus } },
    },
    async (request) => {
      const row = await getProfile(db, sessionProfileId(request));
      return { data: { status: row.status } };
    },
  );

  const patchSchema = {
    tags: ['profile'],
    description:
      'The fields may also come wrapped in `data`. Person, company, addresses and phones are validated with the composed forms of the residency.',
    body: profilePatchBody,
    documentedBody: profilePatchDocument(),
    response: { 200: RESPONSES.profile },
  };
  app.patch('/me', { schema: patchSchema }, async (request) => {
    const profileId = sessionProfileId(request);
    const body = request.body as Record<string, unknown>;
    assertNoControlCharacters(body);
    // The portal may send the fields directly or wrapped in `data`.
    const input = (body.data && typeof body.data === 'object' ? body.data : body) as {
      profileType?: string;
      person?: Record<string, unknown>;
      company?: Record<string, unknown>;
      addresses?: Record<string, unknown>[];
      phones?: Record<string, unknown>[];
      preferredContact?: string;
      preferredLanguage?: string;
    };
    const row = await getProfile(db, profileId);
    assertMay(row.status, 'editProfile');
    const merchant = merchants.byId(row.merchantId) ?? merchants.forHost(request.host);
    const rules = merchant.configuration.businessRules;
    const profileType = input.profileType ?? row.profileType;
    if (profileType === 'COMPANY' && !rules.companyProfileEnabled) {
      throw badRequest('CompanyProfileDisabled: company profiles are not available here', [
        {
          path: '/profileType',
          keyword: 'enum',
          messageKey: 'enum',
          params: {},
          message: 'Company profiles are not available.',
        },
      ]);
    }
    if (row.lockProfileType && row.profileType !== 'UNDEFINED' && profileType !== row.profileType) {
      throw conflict('ProfileTypeLocked: the profile type cannot be changed');
    }
    const errors: ApiFieldError[] = [];
    // A form opened under the previous country rules is checked with them (grace period).
    const validator = request.rulesValidator ?? forms.validator;
    const minimumAge = rules.minimumAge ?? DEFAULT_MINIMUM_AGE;
    // Identity numbers the user did not retype keep their sealed value.
    const stored = openIdentity(sealer, row.id, row.identitySealed);
    // Which identity numbers a person is asked for follows the residency (country-rules identity).
    const asked = input.person
      ? Object.keys(
          validator.compose('profile-person', {
            country:
              typeof input.person.residency === 'string' ? input.person.residency : undefined,
          }).schema.properties ?? {},
        )
      : [];
    const person = input.person
      ? withStoredNumbers('person', input.person, stored, asked)
      : undefined;
    const company = input.company ? withStoredNumbers('company', input.company, stored) : undefined;
    let isMinor = row.isMinor;
    if (person) {
      const personErrors = forms.check(
        'profile-person',
        person,
        { minimumAge },
        '/person',
        validator,
      );
      // Being under the minimum age is not an error: the profile becomes a minor's (guardian consent).
      errors.push(...personErrors.filter((e) => e.keyword !== 'minimumAge'));
      assertMinorKeepsDateOfBirth(row.isMinor, row.person?.dob, person.dob, minimumAge);
      // Decided here from the date of birth, whatever the client says.
      isMinor = isMinorBy(person.dob, minimumAge);
    }
    if (company) errors.push(...forms.check('profile-company', company, {}, '/company', validator));
    (input.addresses ?? []).forEach((address, i) => {
      const { addressType: _type, id: _id, ...fields } = address;
      errors.push(...forms.check('address', fields, {}, `/addresses/${i}`, validator));
    });
    (input.phones ?? []).forEach((phone, i) => {
      const { id: _id, ...fields } = phone;
      errors.push(...forms.check('phone', fields, {}, `/phones/${i}`, validator));
    });
    if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);
    const preferredLanguage = [input.preferredLanguage, person?.preferredLanguage].find(isLocale);

    // What proofing verified: the stored record with its sealed numbers.
    const proofed = (kind: 'person' | 'company'): Record<string, unknown> => ({
      ...((kind === 'person' ? row.person : row.company) ?? {}),
      ...(stored[kind] ?? {}),
    });
    const reproof =
      row.status === 'ACTIVATED' &&
      (profileType !== row.profileType ||
        (person !== undefined && identityChanged('person', proofed('person'), person)) ||
        (company !== undefined && identityChanged('company', proofed('company'), company)));
    const personParts = person ? splitNumbers('person', person) : undefined;
    const companyParts = company ? splitNumbers('company', company) : undefined;
    const sealedIdentity: SealedIdentity = {
      ...stored,
      ...(personParts ? { person: personParts.numbers } : {}),
      ...(companyParts ? { company: companyParts.numbers } : {}),
    };

    await db.transaction(async (tx) => {
      if (reproof) {
        // Identity changed after proofing: proofed again before money moves (domain/profile.ts).
        assertTransition('ACTIVATED', 'VERIFIED');
        await setStatus(tx, profileId, 'VERIFIED');
      }
      await tx
        .update(profiles)
        .set({
          profileType,
          ...(personParts ? { person: personParts.visible, isMinor } : {}),
          ...(companyParts ? { company: companyParts.visible } : {}),
          ...(personParts || companyParts
            ? {
                identitySealed: sealer.seal(
                  JSON.stringify(sealedIdentity),
                  identityBinding(profileId),
                ),
              }
            : {}),
          ...(input.preferredContact ? { preferredContact: input.preferredContact } : {}),
          // One stored language: the person form's field is the same value as the menu's.
          ...(preferredLanguage ? { preferredLanguage } : {}),
          lockProfileType: row.lockProfileType || rules.lockProfileType,
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, profileId));
      if (input.addresses) {
        // Addresses are replaced as a set: the form always sends all of them.
        await tx.delete(addresses).where(eq(addresses.profileId, profileId));
        for (const address of input.addresses) {
          const { addressType, id: _id, ...fields } = address;
          await tx.insert(addresses).values({
            profileId,
            addressType: String(addressType ?? 'RESIDENTIAL'),
            fields: fields as Record<string, string>,
          });
        }
      }
      // Phones without an id are added; existing ones are removed with DELETE /me/phones/{id}.
      for (const phone of input.phones ?? []) {
        if (!phone.id)
          await tx.insert(phones).values({
            profileId,
            number: String(phone.number),
            phoneType: String(phone.phoneType),
          });
      }
    });
    return { data: await readProfileDto(db, profileId) };
  });

  // Deleting the account asks for the password again and is refused on hold or while a claim is
  // being paid (domain/account-deletion.ts, issue 29).
  const deleteSchema = {
    tags: ['profile'],
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['password'],
      properties: {
        password: { type: 'string', minLength: 1, maxLength: 256, description: 'Asked again.' },
      },
    },
    response: { 200: RESPONSES.deleted },
  };
  app.delete(
    '/me',
    { config: { rateLimit: app.limit(10, 'account') }, schema: deleteSchema },
    async (request, reply) => {
      const { password } = request.body as { password: string };
      await deleteAccount(db, app.deps.cardVault, sessionProfileId(request), password);
      await app.endSession(request, reply);
      return { data: { deleted: true } };
    },
  );

  app.delete(
    '/me/phones/:id',
    {
      schema: {
        tags: ['profile'],
        params: {
          type: 'object',
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
        response: { 200: RESPONSES.deleted },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      // A phone is part of the profile: removed only where the profile may be edited.
      assertMay((await getProfile(db, sessionProfileId(request))).status, 'editProfile');
      if (!(await deletePhone(db, sessionProfileId(request), id)))
        throw notFound('PhoneNotFound: no such phone');
      return { data: { deleted: true } };
    },
  );

  // The account verification code (also the access code when the registration OTP feature is on).
  app.post(
    '/me/verify/otp',
    {
      config: { rateLimit: app.limit(10, 'account'), beforeAccessCode: true },
      schema: {
        tags: ['profile'],
        body: { type: 'object', properties: { prefix: { type: 'string', pattern: '^\\d{4}$' } } },
        response: { 200: RESPONSES.codeSent },
      },
    },
    async (request) => {
      const profile = await getProfile(db, sessionProfileId(request));
      const { prefix } = (request.body ?? {}) as { prefix?: string };
      return sendCode(
        db,
        mailer,
        {
          profileId: profile.id,
          purpose: 'ACCOUNT_VERIFICATION',
          subject: `account:${profile.id}`,
          prefix,
        },
        (code) => {
          const merchant = merchants.byId(profile.merchantId) ?? merchants.forHost(request.host);
          return {
            to: profile.email,
            ...composeCode(
              recipientLocale(profile.preferredLanguage, merchant),
              merchant,
              'accountCode',
              { prefix: code.prefix, code: code.code, minutes: CODE_TTL_MINUTES },
            ),
            otp: code.code,
          };
        },
      );
    },
  );

  app.put(
    '/me/verify',
    {
      config: { rateLimit: app.limit(20, 'account'), beforeAccessCode: true },
      schema: {
        tags: ['profile'],
        body: { type: 'object', properties: { otp: { type: 'string' } }, required: ['otp'] },
        response: { 200: RESPONSES.profileStatus },
      },
    },
    async (request) => {
      const profileId = sessionProfileId(request);
      const { otp } = request.body as { otp: string };
      forms.assertValid('otp', { otp });
      const status = await redeemCode(
        db,
        { profileId, purpose: 'ACCOUNT_VERIFICATION', subject: `account:${profileId}`, code: otp },
        async (tx) => {
          const row = await getProfile(tx, profileId, true);
          if (row.status === 'DRAFT' || row.status === 'CREATED') {
            assertTransition(row.status as ProfileStatus, 'VERIFIED');
            await setStatus(tx, profileId, 'VERIFIED');
            return 'VERIFIED';
          }
          return row.status;
        },
      );
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
        tags: ['profile'],
        body: { type: 'object', properties: { profileId: { type: 'string' } } },
        response: { 200: data(exact({ status: bool }), 'Whether this session entered the code.') },
      },
    },
    async (request) => {
      const { profileId } = (request.body ?? {}) as { profileId?: string };
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
      const images = (request.body ?? {}) as Record<string, unknown>;
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
