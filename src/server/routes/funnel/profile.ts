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
  setStatus,
  toProfileDto,
  type ProfileRow,
} from '../../repositories/profiles';
import { hashPassword, isCommonPassword } from '../../services/passwords';
import { assertClaimInvitationLive, getLiveToken } from '../../repositories/tokens';
import { redeemCode, sendCode } from '../../services/one-time-codes';
import { assertTransition, PROFILE_EDITABLE } from '../../services/profile-lifecycle';
import type { ProfileStatus } from '../../../core/types/entities/profile-status';
import { DEFAULT_MINIMUM_AGE } from '../../../core/schemas/compose';

const sessionProfileId = (request: FastifyRequest): string => request.session?.profileId ?? '';

interface RegisterBody {
  data?: {
    email?: string;
    preferredContact?: string;
    passwordConfirmation?: string;
    termsAccepted?: boolean;
    additionalAgreementsAccepted?: boolean;
  };
  password?: string;
  claimId?: string;
}

const objectBody = { type: 'object' } as const;

const profileRoutes: FastifyPluginAsync = async (app) => {
  const { db, mailer, forms, merchants, proofing } = app.deps;

  /**
   * The register form's rules plus the common-password blocklist, and the additional agreements
   * of a merchant that has them (branding.additionalAgreements; the merchant of the request's host,
   * whose configuration the register page showed).
   */
  function checkRegistration(
    request: FastifyRequest,
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
    const { branding } = merchants.forHost(request.host).configuration;
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

  async function createProfile(
    tx: Database,
    request: FastifyRequest,
    email: string,
    password: string,
    preferredContact: string,
  ): Promise<ProfileRow> {
    if (await findProfileByEmail(tx, email))
      throw conflict('AlreadyExists: an account with this email already exists; sign in instead');
    const merchant = merchants.forHost(request.host);
    const [row] = await tx
      .insert(profiles)
      .values({
        email,
        passwordHash: await hashPassword(password),
        status: 'CREATED',
        merchantId: merchant.id,
        preferredContact,
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
      schema: { tags: ['profile'], body: objectBody },
    },
    async (request) => {
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
      checkRegistration(request, email, password, body.data);
      const profile = await db.transaction(async (tx) => {
        const [claim] = await tx
          .select()
          .from(claims)
          .where(sql`${claims.id}::text = ${body.claimId}`)
          .for('update');
        if (!claim || claim.email.toLowerCase() !== email.toLowerCase()) {
          throw notFound('ClaimNotFound: no claim was sent to this email with this id');
        }
        await assertClaimInvitationLive(tx, claim.id);
        const row = await createProfile(
          tx,
          request,
          email,
          password,
          body.data?.preferredContact ?? 'EMAIL_ONLY',
        );
        await tx
          .update(claims)
          .set({ profileId: row.id })
          .where(
            sql`lower(${claims.email}) = ${email.toLowerCase()} and ${claims.profileId} is null`,
          );
        await tx.update(tokens).set({ usedAt: new Date() }).where(eq(tokens.claimId, claim.id));
        return row;
      });
      request.log.info(
        { event: 'registered', profileId: profile.id },
        'profile created for a claim',
      );
      return { data: await toProfileDto(db, profile) };
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
          },
        },
      },
    },
    async (request) => {
      const body = request.body as {
        tokenId?: string;
        password?: string;
        preferredContact?: string;
        termsAccepted?: boolean;
        passwordConfirmation?: string;
        additionalAgreementsAccepted?: boolean;
      };
      const tokenId = body.tokenId ?? '';
      const token = await getLiveToken(db, tokenId);
      if (token.usedAt)
        throw conflict('AlreadyExists: this invitation was already used; sign in instead');
      const password = body.password ?? '';
      checkRegistration(request, token.email, password, {
        preferredContact: body.preferredContact,
        termsAccepted: body.termsAccepted ?? true,
        passwordConfirmation: body.passwordConfirmation,
        additionalAgreementsAccepted: body.additionalAgreementsAccepted,
      });
      const profile = await db.transaction(async (tx) => {
        const row = await createProfile(
          tx,
          request,
          token.email,
          password,
          body.preferredContact ?? 'EMAIL_ONLY',
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
        return row;
      });
      return { data: await toProfileDto(db, profile) };
    },
  );

  // Reading the profile and its status is all a blocked account or one awaiting its access code
  // may do: the portal routes on them (account-blocked page, access-code dialog).
  const readable = { beforeAccessCode: true, whileBlocked: true } as const;

  app.get('/me', { config: readable, schema: { tags: ['profile'] } }, async (request) => ({
    data: await toProfileDto(db, await getProfile(db, sessionProfileId(request))),
  }));

  app.get(
    '/me/status',
    { config: { ...readable, passive: true }, schema: { tags: ['profile'] } },
    async (request) => {
      const row = await getProfile(db, sessionProfileId(request));
      return { data: { status: row.status } };
    },
  );

  app.patch('/me', { schema: { tags: ['profile'], body: objectBody } }, async (request) => {
    const profileId = sessionProfileId(request);
    const body = request.body as Record<string, unknown>;
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
    if (!PROFILE_EDITABLE.includes(row.status as ProfileStatus)) {
      throw conflict(`ProfileNotEditable: a profile cannot be edited while ${row.status}`);
    }
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
    let isMinor = row.isMinor;
    if (input.person) {
      const personErrors = forms.check(
        'profile-person',
        input.person,
        { minimumAge: rules.minimumAge ?? DEFAULT_MINIMUM_AGE },
        '/person',
      );
      // Being under the minimum age is not an error: the profile becomes a minor's (guardian consent).
      isMinor = personErrors.some((e) => e.keyword === 'minimumAge');
      errors.push(...personErrors.filter((e) => e.keyword !== 'minimumAge'));
    }
    if (input.company)
      errors.push(...forms.check('profile-company', input.company, {}, '/company'));
    (input.addresses ?? []).forEach((address, i) => {
      const { addressType: _type, id: _id, ...fields } = address;
      errors.push(...forms.check('address', fields, {}, `/addresses/${i}`));
    });
    (input.phones ?? []).forEach((phone, i) => {
      const { id: _id, ...fields } = phone;
      errors.push(...forms.check('phone', fields, {}, `/phones/${i}`));
    });
    if (errors.length) throw badRequest(`ValidationError: ${errors[0]?.message}`, errors);

    await db.transaction(async (tx) => {
      await tx
        .update(profiles)
        .set({
          profileType,
          ...(input.person ? { person: input.person, isMinor } : {}),
          ...(input.company ? { company: input.company } : {}),
          ...(input.preferredContact ? { preferredContact: input.preferredContact } : {}),
          ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
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
    return { data: await toProfileDto(db, await getProfile(db, profileId)) };
  });

  app.delete('/me', { schema: { tags: ['profile'] } }, async (request, reply) => {
    const profileId = sessionProfileId(request);
    await db.transaction(async (tx) => {
      await tx.update(claims).set({ profileId: null }).where(eq(claims.profileId, profileId));
      await tx.delete(profiles).where(eq(profiles.id, profileId));
    });
    await app.endSession(request, reply);
    return { data: { deleted: true } };
  });

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
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
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
        (code) => ({
          to: profile.email,
          subject: 'Your verification code',
          text: `Your code is ${code.prefix}-${code.code}. Enter the 6 digits after ${code.prefix}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
          otp: code.code,
        }),
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

  app.post('/id-proofing/start', { schema: { tags: ['identity proofing'] } }, async (request) => {
    const profileId = sessionProfileId(request);
    const status = await db.transaction(async (tx) => {
      const row = await getProfile(tx, profileId, true);
      const from = row.status as ProfileStatus;
      assertTransition(from, 'ID_PROOFING_PENDING');
      const [address] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.profileId, profileId))
        .limit(1);
      const hasDetails =
        row.profileType === 'COMPANY'
          ? Boolean(row.company)
          : row.profileType === 'PERSON' && Boolean(row.person);
      if (!hasDetails || !address)
        throw badRequest(
          'ProfileIncomplete: complete the profile and an address before identity proofing',
        );
      if (row.isMinor) {
        const minorGuardians = await tx
          .select()
          .from(guardians)
          .where(eq(guardians.minorProfileId, profileId));
        if (!minorGuardians.length || minorGuardians.some((g) => g.consent !== 'true')) {
          throw conflict(
            'GuardianConsentRequired: a guardian must consent before identity proofing',
          );
        }
      }
      const outcome = await proofing.verify({
        profileType: row.profileType,
        person: row.person,
        company: row.company,
      });
      await setStatus(tx, profileId, outcome);
      return outcome;
    });
    request.log.info({ event: 'id_proofing', profileId, status }, 'identity proofing finished');
    return { data: { status } };
  });
};
export default profileRoutes;
