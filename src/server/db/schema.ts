// The one database schema (PostgreSQL dialect, on PGlite or a real server). Migrations in
// src/server/db/migrations are generated from this file with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  CLAIM_STATUSES,
  DOCUMENT_STATUSES,
  PAYMENT_METHOD_STATUSES,
  PROFILE_STATUSES,
  VERSION_STATUSES,
} from '../../core/types/statuses';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A person or company who signs in; one profile per email. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: PROFILE_STATUSES }).notNull(),
    profileType: text('profile_type').notNull().default('UNDEFINED'),
    lockProfileType: boolean('lock_profile_type').notNull().default(false),
    merchantId: text('merchant_id').notNull(),
    preferredContact: text('preferred_contact').notNull().default('EMAIL_ONLY'),
    preferredLanguage: text('preferred_language'),
    /** Person fields as in the Person entity (names, dob, residency, identifiers). */
    person: jsonb('person').$type<Record<string, unknown>>(),
    company: jsonb('company').$type<Record<string, unknown>>(),
    isMinor: boolean('is_minor').notNull().default(false),
    clientUserId: text('client_user_id'),
    /**
     * SSN, TIN and government id (person and company), sealed together (AES-256-GCM, bound to the
     * row); `person` and `company` keep only their masked form.
     */
    identitySealed: text('identity_sealed'),
    /** Consecutive failed sign-ins since the last success (NIST SP 800-63B throttling). */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** Sign-in refused until then (temporary lock after repeated failures). */
    signInLockedUntil: timestamp('sign_in_locked_until', { withTimezone: true }),
    /** Hard lock after 100 consecutive failures: only a code sent to the email lifts it. */
    signInHardLocked: boolean('sign_in_hard_locked').notNull().default(false),
    /** The status a LOCKED or DEACTIVATED profile returns to (the admin API cannot skip steps). */
    statusBeforeBlock: text('status_before_block', { enum: PROFILE_STATUSES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profiles_email_unique').on(sql`lower(${t.email})`)],
);

// Every per-profile list is read by profile on each GET /me: each has its index.
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    addressType: text('address_type').notNull().default('RESIDENTIAL'),
    /** The address form's fields as entered (country-specific shape). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_profile').on(t.profileId)],
);

export const phones = pgTable(
  'phones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    phoneType: text('phone_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('phones_profile').on(t.profileId)],
);

/** A guardian invited by a minor; consent is 'true', 'false' or null (not yet given). */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    minorProfileId: uuid('minor_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    guardianProfileId: uuid('guardian_profile_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
    consent: text('consent'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Set when the minor replaced this invitation with a new one (domain/guardians.ts): the row is
     * kept for the record, but it no longer counts, shows or opens anything.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('guardians_email').on(sql`lower(${t.email})`),
    index('guardians_minor').on(t.minorProfileId),
    index('guardians_guardian').on(t.guardianProfileId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session cookie value; the cookie itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** Set once the registration access code was entered in this session (access OTP feature). */
    accessVerified: boolean('access_verified').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_profile').on(t.profileId)],
);

/** Invitation tokens: a claim invitation or a guardian invitation, resolved to an email. */
export const tokens = pgTable('tokens', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  claimId: uuid('claim_id'),
  guardianId: uuid('guardian_id'),
  createdAt: createdAt(),
  /** Invitations expire (INVITATION_TTL_DAYS, default 30); null only for rows made before. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const claims = pgTable(
  'claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    merchantId: text('merchant_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    targetCurrency: text('target_currency'),
    targetAmount: numeric('target_amount', { precision: 18, scale: 4 }),
    exchangeRate: numeric('exchange_rate', { precision: 24, scale: 12 }),
    /**
     * What the user confirmed when accepting: the payout method's type and masked details at that
     * moment. What is paid is this, whatever happens to the method afterwards.
     */
    destination: jsonb('destination').$type<Record<string, unknown>>(),
    /**
     * The same destination in full, for the payment files (issue 31): account numbers, the
     * beneficiary's name and address as they were at acceptance, sealed (AES-256-GCM, bound to the
     * claim). Bank transfers only; null for other payout types and claims accepted before 0015.
     */
    destinationSealed: text('destination_sealed'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('claims_profile').on(t.profileId),
    index('claims_email').on(sql`lower(${t.email})`),
    // The payout method list asks, per method, whether a payment in progress goes to it.
    index('claims_payment_method').on(t.paymentMethodId),
  ],
);

/** One-time codes, stored hashed and bound to a purpose and a subject (claim, Zelle token, ...). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    prefix: text('prefix').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was redeemed: the one thing a code may do once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer code for the same purpose and subject replaced it unredeemed. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_lookup').on(t.profileId, t.purpose, t.subject)],
);

/** Every message the server sends, kept for the development outbox and for delivery retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The branded HTML alternative of `body` (same words), when the message has one. */
    html: text('html'),
    /** Development convenience only; blanked once sent in production. */
    otp: text('otp'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient').on(sql`lower(${t.recipient})`, t.createdAt),
    // Every write that sends mail looks for undelivered messages: only those are indexed.
    index('outbox_pending')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Payout methods. `details` holds only what may be shown (masked numbers, brand, last 4, nickname);
 * `sealed` holds the full account data encrypted (AES-256-GCM). Card numbers are never stored:
 * the card vault keeps them and `vaultToken` refers to its entry.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** ACH, WIRE, RTP, DEBIT_CARD, Paypal, ZELLE, PHYSICAL_CHECK */
    type: text('type').notNull(),
    /** ACTIVE, or AWAITS_OTP for a Zelle token not yet confirmed. */
    status: text('status', { enum: PAYMENT_METHOD_STATUSES }).notNull().default('ACTIVE'),
    preferred: boolean('preferred').notNull().default(false),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    sealed: text('sealed'),
    vaultToken: text('vault_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_methods_profile').on(t.profileId),
    // At most one preferred method per user, enforced by the database.
    uniqueIndex('payment_methods_one_preferred')
      .on(t.profileId)
      .where(sql`${t.preferred}`),
    // PayPal, Zelle and paper check: one each (spec section 9), even under concurrent requests.
    uniqueIndex('payment_methods_one_of_kind')
      .on(t.profileId, t.type)
      .where(sql`${t.type} in ('Paypal', 'ZELLE', 'PHYSICAL_CHECK')`),
  ],
);

/** The embedded card vault: the only place a full card number lives, encrypted. */
export const cardVault = pgTable('card_vault', {
  token: text('token').primaryKey(),
  sealedPan: text('sealed_pan').notNull(),
  createdAt: createdAt(),
});

/**
 * Photo-ID proofing (appConfig.photoIdProofingPath) when the automated check failed: the front and
 * back of an identity document and a selfie, sealed together (AES-256-GCM, bound to the row), for
 * the document check to review. The embedded default is reviewed by staff through the admin API.
 */
export const idDocuments = pgTable('id_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** PENDING until reviewed; APPROVED or REJECTED after. */
  status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('PENDING'),
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  note: text('note'),
});

/**
 * Failed sign-ins with an email that has no account, counted as an account's are (by a hash of the
 * email): a lock that only real accounts got would tell an attacker which emails have one.
 */
export const unknownSignIns = pgTable('unknown_sign_ins', {
  emailHash: text('email_hash').primaryKey(),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  signInLockedUntil: timestamp('sign_in_locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Compliance staff of the rules console (issue 16): separate from recipients' profiles. The TOTP
 * secret is sealed with the application key, bound to the row; `last_totp_step` is the time step
 * of the last code accepted, so a code is never accepted twice.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** `editor` drafts rule changes; `approver` approves and publishes other people's drafts. */
    role: text('role').notNull(),
    /** The staff member's own password (issue 29): null until they enrol through their link. */
    passwordHash: text('password_hash'),
    /** The authenticator they enrolled (sealed); null until they enrol. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** A new authenticator's secret (sealed), shown to its owner until a code of it confirms it. */
    totpPendingSealed: text('totp_pending_sealed'),
    /** When they chose their password and confirmed their authenticator; null: no sign-in. */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    /** SHA-256 of the one-time enrolment link's token (the link is shown once, to the admin). */
    enrolmentTokenHash: text('enrolment_token_hash'),
    enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
    lastTotpStep: integer('last_totp_step'),
    /** Consecutive failed sign-ins (wrong password or code), counted as recipients' are. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** Sign-in refused until then (temporary lock after repeated failures). */
    signInLockedUntil: timestamp('sign_in_locked_until', { withTimezone: true }),
    /** Hard lock after 100 consecutive failures: only the admin API lifts it. */
    signInHardLocked: boolean('sign_in_hard_locked').notNull().default(false),
    /** The language they chose for the console (en, es, fr, pt, de); null: the browser's. */
    preferredLanguage: text('preferred_language'),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_email').on(sql`lower(${t.email})`),
    uniqueIndex('staff_enrolment_token').on(t.enrolmentTokenHash),
  ],
);

/** Staff sessions: shorter limits than recipients' (15 min idle, 8 h in all). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/** Every staff action (and every staff account the admin API creates): who, what, when, where. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for an action of the admin key (creating staff) or a failed sign-in of no account. */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The actor as people read it: the staff email, or `admin-key`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    country: text('country'),
    version: integer('version'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_audit_created').on(t.createdAt)],
);

/**
 * Every change made with an admin API key (issue 29 point 5): which key (by name), what, to what.
 * Apart from staff_audit, which the rules console shows its staff: this names recipients' profiles.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `admin:<key name>` (ADMIN_API_KEY_NAME, ADMIN_API_KEYS). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** The id of what changed: a profile, a claim, a document submission. */
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created').on(t.createdAt)],
);

/**
 * Country rule versions of the rules console: drafts, reviewed (approved or sent back), published.
 * `rules` is a whole rule file (country-rules/<country>.json). The files are the seed: a country
 * with no publication here uses its file.
 */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    id: serial('id').primaryKey(),
    /** The rule file's name: "GB", or a shared rule such as "_default". */
    country: text('country').notNull(),
    /** draft → approved → published, or draft → sent_back. */
    status: text('status', { enum: VERSION_STATUSES }).notNull(),
    /** The rule file as JSON text: jsonb would reorder its keys, and files keep their order. */
    rules: text('rules').notNull(),
    /** The rules version (publication id) current when the draft was saved; 0 = the files. */
    basedOn: integer('based_on').notNull(),
    /**
     * The country's published version (a rule_versions id; null = its file) the draft was made
     * from. Publishing needs an approval against the version published then (issue 29).
     */
    baseVersion: integer('base_version'),
    /** The country's published version (null = its file) the approval was given against. */
    approvedBase: integer('approved_base'),
    /** A restore: the published version this draft brings back. */
    restoredFrom: integer('restored_from'),
    authorId: uuid('author_id').references(() => staff.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    createdAt: createdAt(),
    reviewerEmail: text('reviewer_email'),
    reviewComment: text('review_comment'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('rule_versions_country').on(t.country, t.id)],
);

/**
 * Each publication makes a new rules version (its id): every country's latest published version
 * as of that publication. Servers compare the newest id with the one they validate with.
 */
export const rulePublications = pgTable('rule_publications', {
  id: serial('id').primaryKey(),
  versionId: integer('version_id')
    .notNull()
    .references(() => ruleVersions.id),
  country: text('country').notNull(),
  publishedBy: text('published_by').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When this version's validator modules were stored (validator_modules; set in the publication's
   * transaction). Null: published before they were stored, built once on first use (issue 29).
   */
  validatorsBuiltAt: timestamp('validators_built_at', { withTimezone: true }),
});

/**
 * A published rules version's precompiled validator modules (issue 29 point 3): built once at
 * publication, served by version and exact file name (the name carries the content's hash).
 */
export const validatorModules = pgTable(
  'validator_modules',
  {
    rulesVersion: integer('rules_version')
      .notNull()
      .references(() => rulePublications.id),
    /** The URL's last segment: "<variant>.<content hash>.js". */
    file: text('file').notNull(),
    /** The variant's place in the version's list. */
    position: integer('position').notNull(),
    formId: text('form_id').notNull(),
    country: text('country'),
    method: text('method'),
    methodName: text('method_name'),
    /** The module's JavaScript, as served. */
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rulesVersion, t.file] })],
);

/**
 * Reference exchange rates as their feed published them (issue 31): units of `currency` per one
 * euro on `rateDate`. Kept by feed (`ECB`, or `SIMULATED` for the bundled development file), so a
 * server switched to another feed never mixes the two.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    feed: text('feed').notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    perEuro: numeric('per_euro', { precision: 24, scale: 10 }).notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.feed, t.rateDate, t.currency] })],
);

/**
 * One row per rate feed, the lock row of its schedule: the process that moves `dueAt` forward is
 * the one that fetches, so with several processes one fetches per interval.
 */
export const exchangeRateFeeds = pgTable('exchange_rate_feeds', {
  feed: text('feed').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  /** When rates were last stored (new or corrected): every process reloads its cache then. */
  storedAt: timestamp('stored_at', { withTimezone: true }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * Each claim put in a payment file (issue 31 point 4): which file, in which format, by whom, with
 * the reference the bank reports back (the pain.001 EndToEndId, the ACH trace number). A claim is
 * exported once: a second export needs the explicit flag, is marked `reexport` and audited.
 */
export const paymentExports = pgTable(
  'payment_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id),
    fileId: text('file_id').notNull(),
    /** `pain.001` or `nacha`. */
    format: text('format').notNull(),
    reference: text('reference').notNull(),
    /** `admin:<key name>`, as the admin audit log names it. */
    actor: text('actor').notNull(),
    reexport: boolean('reexport').notNull().default(false),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The first export of a claim is unique, even under concurrent exports.
    uniqueIndex('payment_exports_once')
      .on(t.claimId)
      .where(sql`not ${t.reexport}`),
    index('payment_exports_file').on(t.fileId),
  ],
);

/**
 * Each identity verification started at a provider with a hosted flow (issue 31 point 3): the
 * provider's session id, whose signed webhooks decide the profile's proofing. Only the profile's
 * latest session decides; an older one's late decision is recorded and ignored.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    /** The provider's session id (Stripe: `vs_…`). */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The profile status the provider's decision set, null while undecided. */
    outcome: text('outcome', { enum: PROFILE_STATUSES }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('identity_verifications_profile').on(t.profileId, t.createdAt)],
);

/**
 * Every provider webhook event applied, by the provider's event id: a replayed delivery (same id)
 * changes nothing, even inside the signature's timestamp tolerance.
 */
export const identityWebhookEvents = pgTable(
  'identity_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
