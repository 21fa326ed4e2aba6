// The console's words in English: the shape every language's catalog follows (ConsoleTexts).
// Adding a text means adding it here and to es.ts, fr.ts, pt.ts and de.ts (tsc and
// tests/web/console/catalogs.test.ts fail on a missing one). The recipients' locales stay the
// portal's (locales/).
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../core/staff/password-rules';
import type { ConsoleErrorName } from '../error-names';
import { kindsOf } from './kinds';
import type { FindingParams, RuleFindingCode } from '../../../core/rules/finding-codes';

/** Where in the rule file a finding is: its path, or the file itself. */
const at = (p: FindingParams): string => (p.path ? String(p.path) : 'The file');
const KINDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  object: 'a group of settings',
  array: 'a list',
  null: 'empty',
};
const kinds = (p: FindingParams): string => kindsOf(p, KINDS, 'or');

export const en = {
  title: 'Rules console',
  signIn: {
    heading: 'Staff sign-in',
    lead: 'Sign in with your staff account and the 6-digit code of your authenticator app.',
    email: 'Email',
    password: 'Password',
    code: 'Authenticator code',
    codeHint: '6 digits; a new code every 30 seconds.',
    submit: 'Sign in',
    submitting: 'Signing in…',
    missing: 'Fill in this field.',
    codeFormat: 'Enter the 6 digits of the code.',
  },
  /** The authenticator being added (enrolment, or a replacement). */
  authenticator: {
    addLead:
      'Add this account to your authenticator app: open the link on the phone that has the app, or type the key into the app by hand.',
    openLink: 'Open in the authenticator app',
    secretLabel: 'Key:',
  },
  enrol: {
    heading: 'Set up your staff account',
    lead: (email: string, role: string) =>
      `You are setting up ${email} (${role}). Choose your password and add the account to your authenticator app. Nobody else sees either.`,
    loading: 'Opening your enrolment link',
    noToken: 'This page needs the whole enrolment link. Open the link you were given again.',
    step1: '1. Your authenticator',
    step2: '2. Your password and the first code',
    password: 'New password',
    passwordHint: `At least ${STAFF_PASSWORD_MIN_LENGTH} characters; not a common password.`,
    repeat: 'Repeat the password',
    code: 'Code from the authenticator app',
    codeHint: '6 digits; a new code every 30 seconds.',
    submit: 'Finish set-up',
    submitting: 'Finishing…',
  },
  account: {
    link: 'Your account',
    heading: 'Your account',
    lead: 'Change your password or replace your authenticator. Each needs your current password and a current code; your other sessions are signed out.',
    passwordHeading: 'Change your password',
    currentPassword: 'Current password',
    code: 'Code from your authenticator app',
    codeHint: '6 digits; a new code every 30 seconds.',
    newPassword: 'New password',
    newPasswordHint: `At least ${STAFF_PASSWORD_MIN_LENGTH} characters; not a common password.`,
    repeat: 'Repeat the new password',
    changePassword: 'Change password',
    passwordChanged: 'Your password is changed. Your other sessions are signed out.',
    authenticatorHeading: 'Replace your authenticator',
    authenticatorLead:
      'For a new phone or a lost one: add a new authenticator, then confirm with your password, a code of the current one and a code of the new one.',
    start: 'Add a new authenticator',
    starting: 'Preparing…',
    password: 'Password',
    currentCode: 'Code from your current authenticator',
    newCode: 'Code from the new authenticator',
    replace: 'Replace authenticator',
    replaced: 'Your new authenticator is in use. Your other sessions are signed out.',
    saving: 'Saving…',
    refused: 'Not changed: ',
  },
  /** Checks of the account forms before anything is sent. */
  fieldChecks: {
    missing: 'Fill in this field.',
    tooShort: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
    mismatch: 'The two passwords differ.',
    codeFormat: 'Enter the 6 digits of the code.',
  },
  signOut: 'Sign out',
  signedInAs: (email: string, role: string) => `${email} (${role})`,
  countries: {
    heading: 'Countries',
    lead: 'Every rule file with its status. Open a country to edit its rules and review its versions.',
    country: 'Country',
    published: 'Published version',
    drafts: 'Drafts',
    lastChange: 'Last change',
    files: 'none (the file)',
    noFile: 'none (follows the shared rules)',
    none: 'none',
  },
  country: {
    back: 'All countries',
    heading: (name: string, code: string) => `${name} (${code})`,
    editor: 'Rules',
    editorLead:
      'Edit the rules as they are stored: fields, patterns, required flags, transfer methods, currencies. The preview beside follows as you type.',
    editorLoading: 'Loading the rule editor',
    preview: 'Live preview',
    previewLead: 'The forms recipients would get with these rules. Type into them to try a record.',
    previewLoading: 'Composing the forms of the draft',
    previewUnavailable: 'The preview is not available: ',
    previewCheck: 'Check this record',
    previewValid: 'This record passes the draft rules.',
    keepPass: 'Keep as example that must pass',
    keepFail: 'Keep as example that must fail',
    keptPass: 'Added as an example that must pass. Save the draft to keep it.',
    keptFail: 'Added as an example that must fail. Save the draft to keep it.',
    cannotKeepFail:
      'This record passes: an example that must fail needs a record the rules refuse.',
    cannotKeepPass: 'This record fails: an example that must pass needs a record the rules accept.',
    exampleDescription: (form: string, method: string | undefined, fails: string[], at: string) =>
      `Kept from the console preview (${form}${method ? ` ${method}` : ''}, ${at}): ${
        fails.length ? `fails ${fails.join(', ')}` : 'passes'
      }`,
    addressForm: 'Address',
    personForm: 'Person profile (identity numbers)',
    bankAccountForm: (method: string) => `Bank account: ${method}`,
    forms: 'Preview form',
    examples: 'Examples',
    examplesLead: 'Records that must pass or fail, run against the draft as it is now.',
    exampleDescriptionCol: 'Description',
    exampleFormCol: 'Form',
    exampleExpectedCol: 'Expected',
    exampleResultCol: 'Result',
    exampleActionsCol: 'Actions',
    removeExample: 'Remove',
    pass: 'pass',
    fail: 'fail',
    resultOk: 'as expected',
    resultBroken: 'broken',
    noResults: 'Results show when the preview has run.',
    problems: 'Problems with this draft',
    changes: 'Changes against the published rules',
    noChanges: 'No changes yet.',
    save: 'Save draft',
    saving: 'Saving…',
    saved: (id: number) => `Saved as draft version ${id}. An approver reviews it next.`,
    refused: 'The server refused the draft:',
    versions: 'Versions',
    noVersions: 'No versions yet: the rules are the files in country-rules/.',
    removedFields: 'Fields this file removes (kept as they are):',
  },
  messages: {
    heading: 'Messages written with these rules',
    lead: 'A field rule may name a message (its “messages” per check) that the portal does not have yet. Write it here in every language; {{field}} stands for the field’s label. It ships with the rules when they are published, no release needed.',
    none: 'This file writes no messages of its own.',
    missing: (key: string) => `The rules name the message “${key}”, which no language has yet.`,
    writeMissing: (key: string) => `Write “${key}” in every language`,
    newKey: 'Message key (for example sortCode.gb)',
    add: 'Add a message',
    remove: (key: string) => `Remove the message “${key}”`,
    keyFormat: 'A key starts with a letter: letters, digits, dots and underscores.',
    languages: { en: 'English', es: 'Spanish', fr: 'French', pt: 'Portuguese', de: 'German' },
  },
  version: {
    heading: (id: number, country: string) => `Version ${id} of ${country}`,
    back: (country: string) => `Back to ${country}`,
    status: 'Status',
    author: 'Author',
    created: 'Created',
    reviewer: 'Reviewer',
    comment: 'Comment',
    published: 'Published',
    restoredFrom: 'Restored from version',
    changes: 'Changes against the published rules',
    examples: 'Example results',
    problems: 'Problems',
    noProblems: 'The rules check passes.',
    review: 'Review',
    commentLabel: 'Comment (required to send back)',
    approve: 'Approve',
    sendBack: 'Send back',
    publish: 'Publish',
    restore: 'Restore this version',
    done: {
      approve: 'Approved. An approver may publish it now.',
      sendBack: 'Sent back to its author.',
      publish: 'Published: it takes effect at once.',
      restore: (id: number) => `Restored as draft version ${id}, to be approved and published.`,
    },
    refused: 'Refused:',
    /** A draft made from a version that is no longer the published one. */
    baseMoved: (country: string, base: string, now: string) =>
      `This draft was made from ${base} of ${country}, but ${now} has been published since. The changes below are against ${now}: approving this draft also approves undoing whatever ${now} changed that this draft does not change again. If that is not intended, send it back so that its author makes the change again on the rules published now.`,
    /** An approval given against a version that is no longer the published one. */
    approvalStale: (country: string, base: string, now: string) =>
      `This draft was approved against ${base} of ${country}, but ${now} has been published since. Publishing it will be refused and its approval withdrawn: it must be reviewed and approved again against the rules published now.`,
    versionName: (version: number | null) =>
      version === null ? 'the file’s rules' : `version ${version}`,
  },
  statuses: {
    seed: 'seed (the file)',
    /** The seed of a country that had no file of its own (it followed the shared rules). */
    seedNoFile: 'seed (no file of its own)',
    draft: 'draft',
    approved: 'approved',
    sent_back: 'sent back',
    published: 'published',
  } as Record<string, string>,
  /** The rule editor's lists (currencies, accepted values, countries of a shared rule). */
  list: {
    nouns: { currency: 'Currency', country: 'Country', value: 'Value', item: 'Item' },
    add: (noun: string) => `Add ${noun.toLowerCase()}`,
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
    remove: (name: string) => `Remove ${name}`,
    empty: 'None yet.',
  },
  loading: 'Loading',
  loadFailed: 'This page could not be loaded: ',
  retry: 'Retry',
  notFound: 'There is no such console page.',
  /** The header's language menu (each language named in its own language: LANGUAGE_NAMES). */
  language: 'Language',
  sessionEnded: 'Your staff session ended: sign in again.',
  /** Errors of a call that has no answer of the server's to show. */
  unreachable: 'The server cannot be reached. Check the connection and retry.',
  serverAnswered: (status: number) => `The server answered ${status}.`,
  countryStatus: {
    fileOnly: 'Rules of the file in country-rules/ (never published in the console).',
    published: (version: number) => `Published version ${version}.`,
    rulesVersion: (version: number) => `Rules version in use: ${version}.`,
  },
  /** Which fields a rule file sets, per form (field-rules-panel.tsx). */
  fieldRules: {
    heading: 'Fields the file sets',
    lead: 'Add a rule for any field of a form, remove a rule, or turn a field off (the form no longer asks it). What the file does not set comes from the shared rules it follows.',
    sections: {
      address: 'Address form',
      bankAccount: 'Bank account form',
      identity: 'Identity numbers (person profile)',
    },
    methodMap: (form: string, method: string) => `${form}, ${method} only`,
    hasRule: 'rule',
    off: 'turned off',
    none: 'The file sets no field of this form.',
    otherField: (form: string) => `Another field of the ${form.toLowerCase()}`,
    addRule: 'Add rule',
    removeRule: 'Remove rule',
    turnOff: 'Turn off',
    turnOn: 'Turn on again',
  },
  /** A country that has no file of its own, made from a template. */
  create: {
    heading: 'Create a country',
    lead: 'A country without a file of its own follows the shared rules (the generic rule, or the IBAN rule for a country of the IBAN registry). Start its own file from a template; the draft is checked, reviewed and published like any other.',
    country: 'Country without a file',
    template: 'Template',
    templates: {
      iban: 'IBAN country',
      wire: 'SWIFT-only wire',
      clearing: 'National clearing code',
    },
    templateHints: {
      iban: 'An IBAN of the country with the bank’s BIC (extends the shared IBAN rule).',
      wire: 'An account number and the bank’s BIC, for an international wire.',
      clearing: 'The national clearing (bank or branch) code with an account number.',
    },
    open: 'Open in the editor',
    noFile: (code: string, governedBy: string) =>
      `${code} has no rule file of its own: it follows ${governedBy}.`,
    newFile: (code: string, governedBy: string) =>
      `A new rule file for ${code}, made from a template. Until it is published, ${code} follows ${governedBy}.`,
    loading: 'Making the file from the template',
  },
  /** Retiring a country's own file (back to the shared rules). */
  retire: {
    heading: 'Retire this country’s file',
    lead: (code: string) =>
      `Once published, ${code} follows the shared rules again (the generic rule, or a shared rule that lists it). The retirement is a draft: an approver reviews and publishes it, and restoring a version with the file brings it back.`,
    button: 'Retire the file',
    saving: 'Saving…',
    saved: (id: number) =>
      `Saved as draft version ${id}: it retires the file. An approver reviews it next.`,
  },
  /** The rule editor's names of the rule file's parts (the field names keep the portal's labels). */
  editorLabels: {
    country: 'Rule file (country code)',
    name: 'Country name',
    extends: 'Extends the shared rule',
    countries: 'Countries using this shared rule',
    source: 'Source',
    notes: 'Notes',
    address: 'Address form',
    bankAccount: 'Bank account form',
    identity: 'Identity numbers (person profile)',
    fields: 'Fields',
    methods: 'Per transfer method',
    transferMethods: 'Transfer methods',
    transferMethodNames: 'Local names of the transfer methods',
    payoutTypes: 'Other payout methods a resident may add',
    currencies: 'Currencies',
    required: 'Required',
    pattern: 'Pattern (regular expression, anchored with ^ and $)',
    minLength: 'Minimum length',
    maxLength: 'Maximum length',
    enum: 'Accepted values',
    label: 'Label key (locales/*/fields.json)',
    help: 'Help key (locales/*/fields.json)',
    messages: 'Message keys per check (locales/*/validation.json)',
    iban: 'IBAN check',
    bic: 'BIC check',
    abaRouting: 'ABA routing checksum',
    clabe: 'CLABE check digit',
    cbu: 'CBU check digits',
    ukModulus: 'UK modulus check against the field',
    taxId: 'Tax number check',
    description: 'Description',
  } as Record<string, string>,
  /** The format builder of a field rule's pattern (format-widget.tsx). */
  format: {
    legend: (field: string) => `Format of ${field}`,
    mode: 'Format',
    modes: {
      none: 'No format of its own',
      characters: 'Characters and length',
      mask: 'A fixed shape (like 99-99-99)',
      prefix: 'Starts with one of …',
      oneOf: 'One of these values',
      advanced: 'Typed by hand (advanced)',
    },
    set: 'Characters',
    rest: 'Then',
    sets: {
      digits: 'Digits only',
      upper: 'Upper-case letters',
      letters: 'Letters',
      upperDigits: 'Upper-case letters and digits',
      lettersDigits: 'Letters and digits',
    },
    min: 'Length from',
    max: 'to',
    lengthMissing: 'Length: write a whole number in “from” and in “to”.',
    lengthOrder: (least: number) => `Length: “to” must be at least ${least}.`,
    inherited: 'This file sets no format of its own; the rules it follows ask for',
    mask: 'Shape',
    maskHelp:
      'Write an example of the shape: 9 is a digit, A an upper-case letter, a any letter, X an upper-case letter or digit, x any letter or digit; any other character stands for itself (\\9 for the digit nine itself), and ? after it makes it optional (99999-?999).',
    maskNoClass:
      'Shape: write at least one 9, A, a, X or x; the other characters stand for themselves.',
    prefixes: 'Starts with one of these, one a line',
    prefixesMissing: 'Starts with: write at least one beginning.',
    values: 'Accepted values, one a line',
    valuesMissing: 'Accepted values: write at least one value.',
    advancedHelp:
      'Type the pattern in the box above: a regular expression anchored with ^ and $, checked when the draft is saved.',
    check: 'Check',
    checks: {
      none: 'No check',
      iban: 'IBAN (format and check digits)',
      bic: 'BIC / SWIFT code',
      abaRouting: 'US ABA routing number (checksum)',
      clabe: 'Mexican CLABE (check digit)',
      cbu: 'Argentine CBU (check digits)',
      ukModulus: 'UK account number against its sort code (modulus check)',
      taxId: 'National tax number (format and check digits)',
    },
    ibanCountries: 'IBANs of these countries (codes; empty: this country)',
    ibanCountriesFormat:
      'IBANs of these countries: two-letter codes separated by spaces, e.g. FR BL.',
    sortField: 'Field holding the sort code',
    sortFieldFormat:
      'Field holding the sort code: a field name of letters and digits, e.g. sortCode.',
    taxScheme: 'Tax number',
    taxSchemes: {
      'AR.cuit': 'Argentina: CUIT',
      'BR.cpf': 'Brazil: CPF',
      'CA.sin': 'Canada: SIN',
      'DE.idnr': 'Germany: tax ID (Steuer-IdNr)',
      'ES.nif': 'Spain: NIF',
      'FR.nif': 'France: tax number (numéro fiscal)',
      'GB.nino': 'United Kingdom: National Insurance number',
      'IN.pan': 'India: PAN',
      'IT.codicefiscale': 'Italy: codice fiscale',
      'MX.rfc': 'Mexico: RFC',
      'NL.bsn': 'Netherlands: BSN',
      'UA.rntrc': 'Ukraine: RNTRC',
    },
    samples: 'Samples, checked against the draft’s compiled rules',
    madeToPass: 'Made to pass',
    madeToFail: 'Made to fail',
    passes: 'passes',
    fails: 'fails',
    checking: 'checking…',
    absent: 'not on any form of the draft',
    shouldPass: '(meant to pass: another rule of the draft refuses it)',
    shouldFail: '(meant to fail: the draft accepts it)',
  },
  /** The staff roles, as the header and the enrolment page name them. */
  roles: { editor: 'editor', approver: 'approver' } as Record<string, string>,
  /** The audit log's action names, as a sentence reads them (the countries' last change). */
  actions: {
    publish: 'published',
    'publish.refused': 'publication refused',
    'draft.save': 'draft saved',
    'draft.refused': 'draft refused',
    'draft.restore': 'restore drafted',
    'draft.retire': 'retirement drafted',
    'draft.approve': 'approved',
    'draft.send-back': 'sent back',
  } as Record<string, string>,
  lastChange: (action: string, by: string, at: string) => `${action} by ${by}, ${at}`,
  /** A country's versions (country-screen.tsx). */
  versionsTable: {
    version: 'Version',
    status: 'Status',
    author: 'Author',
    created: 'Created',
    review: 'Review',
    link: (id: number) => `Version ${id}`,
  },
  /** What an example of the payout form expects. */
  payoutExample: 'payout',
  documentTitle: 'Rules console · Payee Portal',
  /** A draft's changes against the rules now (change-text.ts): a value's place, then what changed. */
  ruleChanges: {
    added: (place: string, value: string) => `${place}: added ${value}`,
    removed: (place: string, was: string) => `${place}: removed (was ${was})`,
    changed: (place: string, from: string, to: string) => `${place}: ${from} → ${to}`,
    exampleAdded: (description: string) => `Example added: ${description}`,
    exampleRemoved: (description: string) => `Example removed: ${description}`,
    fileCreated: (country: string, before: string) =>
      `A new file for ${country}: until now the country followed ${before}`,
    fileRetired: (country: string, after: string) =>
      `${country}’s own file is retired: the country follows ${after} again`,
  },
  /** The server's refusals, by their stable name (error-names.ts); `generic` for any other. */
  errors: {
    generic: 'The server could not do this. Try again; if it keeps failing, reload the page.',
    Unauthorized: 'The email, the password or the authenticator code is wrong.',
    Forbidden:
      'Your role does not allow this: editors write drafts, approvers review and publish them.',
    CsrfTokenMissing: 'The page’s security token is missing. Reload the page and sign in again.',
    TooManyRequests: 'Too many requests at once. Wait a moment and try again.',
    TooManyAttempts: 'Too many failed sign-ins. Wait a few minutes and try again.',
    Locked:
      'This account is locked after too many failed sign-ins. An administrator must unlock it.',
    ServiceUnavailable: 'The server cannot reach its database right now. Try again in a moment.',
    ServiceBusy: 'The server is busy. Try again in a few seconds.',
    InternalError:
      'Something went wrong on the server. Try again; if it keeps failing, tell the team that runs the console.',
    NotFound: 'This was not found: it may no longer exist.',
    ValidationError: 'The server could not read what was sent. Reload the page and try again.',
    AlreadyExists: 'A staff account with this email exists already.',
    Disabled: 'This staff account is disabled. Ask an administrator.',
    EnrolmentLinkInvalid:
      'This enrolment link was used, has expired or was replaced. Ask an administrator for a new one.',
    WeakPassword: 'The password is too short or too common.',
    WrongCredentials: 'The current password or the authenticator code is wrong.',
    AuthenticatorChanged: 'The new authenticator was replaced meanwhile. Start again.',
    AuthenticatorNotStarted: 'Add the new authenticator first, then enter its code.',
    CodeWrong:
      'That is not the current code of the new authenticator. Check that the app shows this account and that the phone’s clock is right.',
    ImportAuthorMissing: 'An import must name the staff member who authors it.',
    ImportAuthorUnknown: 'The author the import names is not a staff member.',
    CountryMissing: 'There are no rules for this country code.',
    CountryHasFile: 'This country has rules of its own: edit them instead.',
    NothingToRetire:
      'This country has no file of its own to retire: it follows the shared rules already.',
    SharedRuleKept: 'This is a shared rule other countries follow: it cannot be retired.',
    IbanUnknown:
      'This country issues no IBANs (it is not in the SWIFT IBAN registry): choose another template.',
    VersionMissing: 'There is no such version.',
    RulesInvalid: 'These rules do not pass the check. Each problem is named at its field.',
    RulesTooLarge: 'These rules are too large to check. Shorten the file.',
    TooManyPatterns: 'These rules have too many patterns to check. Remove some.',
    RulesCheckTimedOut:
      'Checking these rules took too long and was stopped. Simplify the patterns, or try again.',
    RulesChecksBusy: 'The server is checking other rules. Try again in a few seconds.',
    ChecksInProgress:
      'Some of your rule checks are still running. Wait for their answers, then try again.',
    DraftBaseMoved:
      'Other rules for this country have been published since this page was opened. Reload it, then review or make the change again on the rules published now.',
    CommentRequired: 'Say what to change when you send a draft back.',
    FourEyes: 'You wrote this version: another approver must review and publish it.',
    NotADraft: 'This version is no longer a draft awaiting review. Reload the page.',
    NotApproved: 'This version is not approved, or it changed meanwhile. Reload the page.',
    NotPublished: 'Only a published version can be restored.',
    PublishRaced: 'Another version was published while this one was being checked. Publish again.',
    PublishRefused: 'Publishing was refused: the rules do not pass the whole check.',
  } satisfies Record<ConsoleErrorName | 'generic', string>,
  /** A temporary sign-in lock, with the minutes the server says to wait. */
  lockedFor: (minutes: number) =>
    `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  /** The rules check's findings, by their code (src/core/rules/finding-codes.ts). */
  findings: {
    'schema.required': (p: FindingParams) => `${at(p)}: “${p.property}” is missing.`,
    'schema.unknownProperty': (p: FindingParams) =>
      `${at(p)}: “${p.property}” is not something a rule file can say.`,
    'schema.enum': (p: FindingParams) => `${at(p)}: choose one of ${p.allowed}.`,
    'schema.type': (p: FindingParams) => `${at(p)}: this must be ${kinds(p)}.`,
    'schema.invalid': (p: FindingParams) =>
      `${at(p)} does not follow the rule file’s format (${p.keyword}).`,
    'pattern.invalid': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” is not a valid pattern (${p.error}).`,
    'pattern.unanchored': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” must start with ^ and end with $, so that the whole value has to match.`,
    'pattern.backtracks': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” could take far too long on a value like “${p.attack}”. Write it without a repeated group inside a repetition (the format builder never writes one).`,
    'pattern.unproven': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” could not be shown to be safe from taking far too long on some values. Write it more simply, or with the format builder.`,
    'message.missing': (p: FindingParams) =>
      `${p.path} names the message “${p.key}”, which is missing in ${p.languages}. Write it in the messages panel.`,
    'currency.unknown': (p: FindingParams) =>
      `${p.path}: ${p.currency} is not an ISO 4217 currency code.`,
    'country.misnamed': (p: FindingParams) =>
      `The file says it is for “${p.country}”, but it is the file of ${p.name}.`,
    'extends.missing': (p: FindingParams) =>
      `The file extends the shared rule “${p.rule}”, which does not exist.`,
    'countries.ownFile': (p: FindingParams) =>
      `The list names ${p.country}, which has a file of its own: make that file extend ${p.rule}, or take ${p.country} off the list.`,
    'rules.notComposed': (p: FindingParams) =>
      `The forms cannot be made from these rules (${p.error}).`,
    'example.otherCountry': (p: FindingParams) =>
      `The example tries its record as ${p.country}; an example of a country’s file uses that country.`,
    'example.notGoverned': (p: FindingParams) => `${p.country} does not follow this rule file.`,
    'example.notRun': (p: FindingParams) => `The example could not be run (${p.error}).`,
    'example.shouldPass': (p: FindingParams) => `Meant to pass, but it fails: ${p.errors}.`,
    'example.passedInstead': (p: FindingParams) =>
      `Meant to fail at ${p.path} on “${p.keyword}”, but it passes.`,
    'example.failedElsewhere': (p: FindingParams) =>
      `Meant to fail at ${p.path} on “${p.keyword}”, but it fails with ${p.errors}.`,
    'payout.unknownType': (p: FindingParams) => `“${p.type}” is not a payout method.`,
    'payout.shouldBeOffered': (p: FindingParams) =>
      `${p.type} should be offered in ${p.country}, but it is not.`,
    'payout.shouldNotBeOffered': (p: FindingParams) =>
      `${p.type} should not be offered in ${p.country}, but it is.`,
    'payout.currencies': (p: FindingParams) =>
      `${p.type} in ${p.country} should receive ${p.expected}, but receives ${p.received || 'nothing'}.`,
    'draft.otherCountry': (p: FindingParams) =>
      `The file says it is for “${p.country}”, but the draft is for ${p.draft}.`,
    'import.badName': (p: FindingParams) => `“${p.name}” is not a rule file name.`,
  } satisfies Record<RuleFindingCode, (p: FindingParams) => string>,
  /** The forms an example is tried on, by the rule file's name for them. */
  exampleForms: {
    address: 'Address',
    'bank-account': 'Bank account',
    payout: 'Payout method',
    'profile-person': 'Person profile',
  } as Record<string, string>,
};

export type ConsoleTexts = typeof en;
