// Die Texte der Regelkonsole auf Deutsch (Form: catalogs/en.ts).
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../core/staff/password-rules';
import type { ConsoleTexts } from './en';
import { kindsOf } from './kinds';
import type { FindingParams } from '../../../core/rules/finding-codes';

/** Wo der Befund in der Regeldatei liegt: sein Pfad, oder die Datei selbst. */
const at = (p: FindingParams): string => (p.path ? String(p.path) : 'Die Datei');
const KINDS: Record<string, string> = {
  string: 'ein Text',
  number: 'eine Zahl',
  integer: 'eine ganze Zahl',
  boolean: 'ja oder nein',
  object: 'eine Gruppe von Einstellungen',
  array: 'eine Liste',
  null: 'leer',
};
const kinds = (p: FindingParams): string => kindsOf(p, KINDS, 'oder');

export const de: ConsoleTexts = {
  title: 'Regelkonsole',
  signIn: {
    heading: 'Anmeldung für Mitarbeitende',
    lead: 'Melden Sie sich mit Ihrem Mitarbeiterkonto und dem 6-stelligen Code Ihrer Authenticator-App an.',
    email: 'E-Mail',
    password: 'Passwort',
    code: 'Authenticator-Code',
    codeHint: '6 Ziffern; alle 30 Sekunden ein neuer Code.',
    submit: 'Anmelden',
    submitting: 'Anmeldung läuft …',
    missing: 'Bitte füllen Sie dieses Feld aus.',
    codeFormat: 'Geben Sie die 6 Ziffern des Codes ein.',
  },
  authenticator: {
    addLead:
      'Fügen Sie dieses Konto Ihrer Authenticator-App hinzu: Öffnen Sie den Link auf dem Telefon mit der App oder geben Sie den Schlüssel von Hand in die App ein.',
    openLink: 'In der Authenticator-App öffnen',
    secretLabel: 'Schlüssel:',
  },
  enrol: {
    heading: 'Ihr Mitarbeiterkonto einrichten',
    lead: (email: string, role: string) =>
      `Sie richten ${email} (${role}) ein. Wählen Sie Ihr Passwort und fügen Sie das Konto Ihrer Authenticator-App hinzu. Niemand sonst sieht das eine oder das andere.`,
    loading: 'Ihr Einrichtungslink wird geöffnet',
    noToken:
      'Diese Seite braucht den vollständigen Einrichtungslink. Öffnen Sie den Link, den Sie erhalten haben, noch einmal.',
    step1: '1. Ihr Authenticator',
    step2: '2. Ihr Passwort und der erste Code',
    password: 'Neues Passwort',
    passwordHint: `Mindestens ${STAFF_PASSWORD_MIN_LENGTH} Zeichen; kein gängiges Passwort.`,
    repeat: 'Passwort wiederholen',
    code: 'Code aus der Authenticator-App',
    codeHint: '6 Ziffern; alle 30 Sekunden ein neuer Code.',
    submit: 'Einrichtung abschließen',
    submitting: 'Wird abgeschlossen …',
  },
  account: {
    link: 'Ihr Konto',
    heading: 'Ihr Konto',
    lead: 'Ändern Sie Ihr Passwort oder ersetzen Sie Ihren Authenticator. Beides verlangt Ihr aktuelles Passwort und einen aktuellen Code; Ihre anderen Sitzungen werden abgemeldet.',
    passwordHeading: 'Passwort ändern',
    currentPassword: 'Aktuelles Passwort',
    code: 'Code aus Ihrer Authenticator-App',
    codeHint: '6 Ziffern; alle 30 Sekunden ein neuer Code.',
    newPassword: 'Neues Passwort',
    newPasswordHint: `Mindestens ${STAFF_PASSWORD_MIN_LENGTH} Zeichen; kein gängiges Passwort.`,
    repeat: 'Neues Passwort wiederholen',
    changePassword: 'Passwort ändern',
    passwordChanged: 'Ihr Passwort ist geändert. Ihre anderen Sitzungen sind abgemeldet.',
    authenticatorHeading: 'Authenticator ersetzen',
    authenticatorLead:
      'Für ein neues oder verlorenes Telefon: Fügen Sie einen neuen Authenticator hinzu und bestätigen Sie dann mit Ihrem Passwort, einem Code des bisherigen und einem Code des neuen.',
    start: 'Neuen Authenticator hinzufügen',
    starting: 'Wird vorbereitet …',
    password: 'Passwort',
    currentCode: 'Code Ihres bisherigen Authenticators',
    newCode: 'Code des neuen Authenticators',
    replace: 'Authenticator ersetzen',
    replaced: 'Ihr neuer Authenticator ist in Gebrauch. Ihre anderen Sitzungen sind abgemeldet.',
    saving: 'Wird gespeichert …',
    refused: 'Nicht geändert: ',
  },
  fieldChecks: {
    missing: 'Bitte füllen Sie dieses Feld aus.',
    tooShort: `Verwenden Sie mindestens ${STAFF_PASSWORD_MIN_LENGTH} Zeichen.`,
    mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    codeFormat: 'Geben Sie die 6 Ziffern des Codes ein.',
  },
  signOut: 'Abmelden',
  signedInAs: (email: string, role: string) => `${email} (${role})`,
  countries: {
    heading: 'Länder',
    lead: 'Jede Regeldatei mit ihrem Stand. Öffnen Sie ein Land, um seine Regeln zu bearbeiten und seine Versionen zu prüfen.',
    country: 'Land',
    published: 'Veröffentlichte Version',
    drafts: 'Entwürfe',
    lastChange: 'Letzte Änderung',
    files: 'keine (die Datei)',
    noFile: 'keine (folgt den gemeinsamen Regeln)',
    none: 'keine',
  },
  country: {
    back: 'Alle Länder',
    heading: (name: string, code: string) => `${name} (${code})`,
    editor: 'Regeln',
    editorLead:
      'Bearbeiten Sie die Regeln so, wie sie gespeichert sind: Felder, Muster, Pflichtangaben, Überweisungsarten, Währungen. Die Vorschau daneben folgt Ihrer Eingabe.',
    editorLoading: 'Der Regeleditor wird geladen',
    preview: 'Live-Vorschau',
    previewLead:
      'Die Formulare, die Empfänger mit diesen Regeln erhielten. Tippen Sie etwas ein, um einen Datensatz auszuprobieren.',
    previewLoading: 'Die Formulare des Entwurfs werden zusammengestellt',
    previewUnavailable: 'Die Vorschau ist nicht verfügbar: ',
    previewCheck: 'Diesen Datensatz prüfen',
    previewValid: 'Dieser Datensatz erfüllt die Regeln des Entwurfs.',
    keepPass: 'Als Beispiel behalten, das bestehen muss',
    keepFail: 'Als Beispiel behalten, das scheitern muss',
    keptPass:
      'Als Beispiel hinzugefügt, das bestehen muss. Speichern Sie den Entwurf, um es zu behalten.',
    keptFail:
      'Als Beispiel hinzugefügt, das scheitern muss. Speichern Sie den Entwurf, um es zu behalten.',
    cannotKeepFail:
      'Dieser Datensatz besteht: Ein Beispiel, das scheitern muss, braucht einen Datensatz, den die Regeln ablehnen.',
    cannotKeepPass:
      'Dieser Datensatz scheitert: Ein Beispiel, das bestehen muss, braucht einen Datensatz, den die Regeln annehmen.',
    exampleDescription: (form: string, method: string | undefined, fails: string[], at: string) =>
      `Aus der Vorschau der Konsole übernommen (${form}${method ? ` ${method}` : ''}, ${at}): ${
        fails.length ? `scheitert an ${fails.join(', ')}` : 'besteht'
      }`,
    addressForm: 'Adresse',
    personForm: 'Personenprofil (Identifikationsnummern)',
    bankAccountForm: (method: string) => `Bankkonto: ${method}`,
    forms: 'Formular der Vorschau',
    examples: 'Beispiele',
    examplesLead:
      'Datensätze, die bestehen oder scheitern müssen, geprüft mit dem Entwurf, wie er jetzt ist.',
    exampleDescriptionCol: 'Beschreibung',
    exampleFormCol: 'Formular',
    exampleExpectedCol: 'Erwartet',
    exampleResultCol: 'Ergebnis',
    exampleActionsCol: 'Aktionen',
    removeExample: 'Entfernen',
    pass: 'besteht',
    fail: 'scheitert',
    resultOk: 'wie erwartet',
    resultBroken: 'fehlerhaft',
    noResults: 'Die Ergebnisse erscheinen, sobald die Vorschau gelaufen ist.',
    problems: 'Probleme dieses Entwurfs',
    changes: 'Änderungen gegenüber den veröffentlichten Regeln',
    noChanges: 'Noch keine Änderungen.',
    save: 'Entwurf speichern',
    saving: 'Wird gespeichert …',
    saved: (id: number) =>
      `Als Entwurfsversion ${id} gespeichert. Als Nächstes prüft ihn eine freigebende Person.`,
    refused: 'Der Server hat den Entwurf abgelehnt:',
    versions: 'Versionen',
    noVersions: 'Noch keine Versionen: Die Regeln sind die Dateien in country-rules/.',
    removedFields: 'Felder, die diese Datei entfernt (bleiben unverändert):',
  },
  messages: {
    heading: 'Meldungen, die mit diesen Regeln geschrieben werden',
    lead: 'Eine Feldregel kann eine Meldung nennen (ihre „messages“ je Prüfung), die das Portal noch nicht hat. Schreiben Sie sie hier in jeder Sprache; {{field}} steht für die Bezeichnung des Feldes. Sie wird mit den Regeln veröffentlicht, ohne neues Release.',
    none: 'Diese Datei schreibt keine eigenen Meldungen.',
    missing: (key: string) =>
      `Die Regeln nennen die Meldung „${key}“, die es noch in keiner Sprache gibt.`,
    writeMissing: (key: string) => `„${key}“ in jeder Sprache schreiben`,
    newKey: 'Meldungsschlüssel (zum Beispiel sortCode.gb)',
    add: 'Meldung hinzufügen',
    remove: (key: string) => `Die Meldung „${key}“ entfernen`,
    keyFormat:
      'Ein Schlüssel beginnt mit einem Buchstaben: Buchstaben, Ziffern, Punkte und Unterstriche.',
    languages: {
      en: 'Englisch',
      es: 'Spanisch',
      fr: 'Französisch',
      pt: 'Portugiesisch',
      de: 'Deutsch',
    },
  },
  version: {
    heading: (id: number, country: string) => `Version ${id} von ${country}`,
    back: (country: string) => `Zurück zu ${country}`,
    status: 'Status',
    author: 'Verfasst von',
    created: 'Erstellt',
    reviewer: 'Geprüft von',
    comment: 'Kommentar',
    published: 'Veröffentlicht',
    restoredFrom: 'Wiederhergestellt aus Version',
    changes: 'Änderungen gegenüber den veröffentlichten Regeln',
    examples: 'Ergebnisse der Beispiele',
    problems: 'Probleme',
    noProblems: 'Die Regelprüfung ist bestanden.',
    review: 'Prüfung',
    commentLabel: 'Kommentar (zum Zurücksenden erforderlich)',
    approve: 'Freigeben',
    sendBack: 'Zurücksenden',
    publish: 'Veröffentlichen',
    restore: 'Diese Version wiederherstellen',
    done: {
      approve: 'Freigegeben. Eine freigebende Person kann sie jetzt veröffentlichen.',
      sendBack: 'An die verfassende Person zurückgesendet.',
      publish: 'Veröffentlicht: Sie gilt ab sofort.',
      restore: (id: number) =>
        `Als Entwurfsversion ${id} wiederhergestellt; sie muss noch freigegeben und veröffentlicht werden.`,
    },
    refused: 'Abgelehnt:',
    baseMoved: (country: string, base: string, now: string) =>
      `Dieser Entwurf entstand aus ${base} von ${country}, seitdem wurde aber ${now} veröffentlicht. Die Änderungen unten beziehen sich auf ${now}: Wer diesen Entwurf freigibt, gibt auch frei, dass alles rückgängig gemacht wird, was ${now} geändert hat und dieser Entwurf nicht erneut ändert. Ist das nicht gewollt, senden Sie ihn zurück, damit die verfassende Person die Änderung auf den jetzt veröffentlichten Regeln noch einmal vornimmt.`,
    approvalStale: (country: string, base: string, now: string) =>
      `Dieser Entwurf wurde gegenüber ${base} von ${country} freigegeben, seitdem wurde aber ${now} veröffentlicht. Die Veröffentlichung wird abgelehnt und die Freigabe zurückgezogen: Er muss gegenüber den jetzt veröffentlichten Regeln erneut geprüft und freigegeben werden.`,
    versionName: (version: number | null) =>
      version === null ? 'den Regeln der Datei' : `Version ${version}`,
  },
  statuses: {
    seed: 'Ausgangsstand (die Datei)',
    seedNoFile: 'Ausgangsstand (keine eigene Datei)',
    draft: 'Entwurf',
    approved: 'freigegeben',
    sent_back: 'zurückgesendet',
    published: 'veröffentlicht',
  },
  list: {
    nouns: { currency: 'Währung', country: 'Land', value: 'Wert', item: 'Eintrag' },
    add: (noun: string) => `${noun} hinzufügen`,
    moveUp: (name: string) => `${name} nach oben verschieben`,
    moveDown: (name: string) => `${name} nach unten verschieben`,
    remove: (name: string) => `${name} entfernen`,
    empty: 'Noch keine.',
  },
  loading: 'Wird geladen',
  loadFailed: 'Diese Seite konnte nicht geladen werden: ',
  retry: 'Erneut versuchen',
  notFound: 'Diese Seite gibt es in der Konsole nicht.',
  language: 'Sprache',
  sessionEnded: 'Ihre Sitzung ist abgelaufen: Melden Sie sich erneut an.',
  unreachable:
    'Der Server ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  serverAnswered: (status: number) => `Der Server hat mit ${status} geantwortet.`,
  countryStatus: {
    fileOnly: 'Regeln der Datei in country-rules/ (nie in der Konsole veröffentlicht).',
    published: (version: number) => `Veröffentlichte Version ${version}.`,
    rulesVersion: (version: number) => `Regelstand in Gebrauch: ${version}.`,
  },
  fieldRules: {
    heading: 'Felder, die die Datei festlegt',
    lead: 'Fügen Sie für jedes Feld eines Formulars eine Regel hinzu, entfernen Sie eine Regel oder schalten Sie ein Feld ab (das Formular fragt es nicht mehr ab). Was die Datei nicht festlegt, kommt aus den gemeinsamen Regeln, denen sie folgt.',
    sections: {
      address: 'Adressformular',
      bankAccount: 'Bankkontoformular',
      identity: 'Identitätsnummern (Personenprofil)',
    },
    methodMap: (form: string, method: string) => `${form}, nur ${method}`,
    hasRule: 'Regel',
    off: 'abgeschaltet',
    none: 'Die Datei legt kein Feld dieses Formulars fest.',
    otherField: (form: string) => `Weiteres Feld: ${form}`,
    addRule: 'Regel hinzufügen',
    removeRule: 'Regel entfernen',
    turnOff: 'Abschalten',
    turnOn: 'Wieder einschalten',
  },
  create: {
    heading: 'Ein Land anlegen',
    lead: 'Ein Land ohne eigene Datei folgt den gemeinsamen Regeln (der allgemeinen Regel oder, für ein Land des IBAN-Registers, der IBAN-Regel). Beginnen Sie seine eigene Datei mit einer Vorlage; der Entwurf wird geprüft, begutachtet und veröffentlicht wie jeder andere.',
    country: 'Land ohne Datei',
    template: 'Vorlage',
    templates: {
      iban: 'IBAN-Land',
      wire: 'Nur SWIFT-Überweisung',
      clearing: 'Nationale Clearingnummer',
    },
    templateHints: {
      iban: 'Eine IBAN des Landes mit dem BIC der Bank (erweitert die gemeinsame IBAN-Regel).',
      wire: 'Eine Kontonummer und der BIC der Bank, für eine Auslandsüberweisung.',
      clearing: 'Die nationale Clearingnummer (der Bank oder Filiale) mit einer Kontonummer.',
    },
    open: 'Im Editor öffnen',
    noFile: (code: string, governedBy: string) =>
      `${code} hat keine eigene Regeldatei: es folgt ${governedBy}.`,
    newFile: (code: string, governedBy: string) =>
      `Eine neue Regeldatei für ${code}, aus einer Vorlage. Bis sie veröffentlicht ist, folgt ${code} ${governedBy}.`,
    loading: 'Die Datei wird aus der Vorlage erstellt',
  },
  retire: {
    heading: 'Die Datei dieses Landes zurückziehen',
    lead: (code: string) =>
      `Nach der Veröffentlichung folgt ${code} wieder den gemeinsamen Regeln (der allgemeinen Regel oder einer gemeinsamen Regel, die es nennt). Das Zurückziehen ist ein Entwurf: Eine freigebende Person prüft und veröffentlicht ihn, und das Wiederherstellen einer Version mit der Datei bringt sie zurück.`,
    button: 'Datei zurückziehen',
    saving: 'Wird gespeichert…',
    saved: (id: number) =>
      `Als Entwurf Version ${id} gespeichert: Er zieht die Datei zurück. Als Nächstes prüft ihn eine freigebende Person.`,
  },
  editorLabels: {
    country: 'Regeldatei (Ländercode)',
    name: 'Name des Landes',
    extends: 'Erweitert die gemeinsame Regel',
    countries: 'Länder mit dieser gemeinsamen Regel',
    source: 'Quelle',
    notes: 'Anmerkungen',
    address: 'Adressformular',
    bankAccount: 'Bankkontoformular',
    identity: 'Identifikationsnummern (Personenprofil)',
    fields: 'Felder',
    methods: 'Je Überweisungsart',
    transferMethods: 'Überweisungsarten',
    transferMethodNames: 'Lokale Namen der Überweisungsarten',
    payoutTypes: 'Weitere Auszahlungsmethoden, die Ansässige hinzufügen können',
    currencies: 'Währungen',
    required: 'Pflichtfeld',
    pattern: 'Muster (regulärer Ausdruck, verankert mit ^ und $)',
    minLength: 'Mindestlänge',
    maxLength: 'Höchstlänge',
    enum: 'Zulässige Werte',
    label: 'Schlüssel der Bezeichnung (locales/*/fields.json)',
    help: 'Schlüssel des Hilfetexts (locales/*/fields.json)',
    messages: 'Meldungsschlüssel je Prüfung (locales/*/validation.json)',
    iban: 'IBAN-Prüfung',
    bic: 'BIC-Prüfung',
    abaRouting: 'ABA-Prüfsumme der Routing-Nummer',
    clabe: 'CLABE-Prüfziffer',
    cbu: 'CBU-Prüfziffern',
    ukModulus: 'Britische Modulus-Prüfung gegen das Feld',
    taxId: 'Prüfung der Steuernummer',
    description: 'Beschreibung',
  },
  format: {
    legend: (field: string) => `Format von ${field}`,
    mode: 'Format',
    modes: {
      none: 'Kein eigenes Format',
      characters: 'Zeichen und Länge',
      mask: 'Eine feste Form (wie 99-99-99)',
      prefix: 'Beginnt mit einem von …',
      oneOf: 'Einer dieser Werte',
      advanced: 'Von Hand eingegeben (für Fortgeschrittene)',
    },
    set: 'Zeichen',
    rest: 'Danach',
    sets: {
      digits: 'Nur Ziffern',
      upper: 'Großbuchstaben',
      letters: 'Buchstaben',
      upperDigits: 'Großbuchstaben und Ziffern',
      lettersDigits: 'Buchstaben und Ziffern',
    },
    min: 'Länge von',
    max: 'bis',
    lengthMissing: 'Länge: Schreiben Sie eine ganze Zahl in „von“ und in „bis“.',
    lengthOrder: (least: number) => `Länge: „bis“ muss mindestens ${least} sein.`,
    inherited: 'Diese Datei legt kein eigenes Format fest; die Regeln, denen sie folgt, verlangen',
    mask: 'Form',
    maskHelp:
      'Schreiben Sie ein Beispiel der Form: 9 ist eine Ziffer, A ein Großbuchstabe, a ein beliebiger Buchstabe, X ein Großbuchstabe oder eine Ziffer, x ein Buchstabe oder eine Ziffer; jedes andere Zeichen steht für sich selbst (\\9 für die Ziffer Neun selbst), und ein ? dahinter macht es optional (99999-?999).',
    maskNoClass:
      'Form: Schreiben Sie mindestens eine 9, A, a, X oder x; die anderen Zeichen stehen für sich selbst.',
    prefixes: 'Beginnt mit einem davon, einer pro Zeile',
    prefixesMissing: 'Beginnt mit: Schreiben Sie mindestens einen Anfang.',
    values: 'Zulässige Werte, einer pro Zeile',
    valuesMissing: 'Zulässige Werte: Schreiben Sie mindestens einen Wert.',
    advancedHelp:
      'Geben Sie das Muster im Feld darüber ein: ein regulärer Ausdruck mit ^ und $ verankert, geprüft beim Speichern des Entwurfs.',
    check: 'Prüfung',
    checks: {
      none: 'Keine Prüfung',
      iban: 'IBAN (Format und Prüfziffern)',
      bic: 'BIC-/SWIFT-Code',
      abaRouting: 'US-ABA-Routing-Nummer (Prüfsumme)',
      clabe: 'Mexikanische CLABE (Prüfziffer)',
      cbu: 'Argentinische CBU (Prüfziffern)',
      ukModulus: 'Britische Kontonummer gegen ihren Sort Code (Modulus-Prüfung)',
      taxId: 'Nationale Steuernummer (Format und Prüfziffern)',
    },
    ibanCountries: 'IBANs dieser Länder (Codes; leer: dieses Land)',
    ibanCountriesFormat:
      'IBANs dieser Länder: zweibuchstabige Codes, durch Leerzeichen getrennt, z. B. FR BL.',
    sortField: 'Feld mit dem Sort Code',
    sortFieldFormat:
      'Feld mit dem Sort Code: ein Feldname aus Buchstaben und Ziffern, z. B. sortCode.',
    taxScheme: 'Steuernummer',
    taxSchemes: {
      'AR.cuit': 'Argentinien: CUIT',
      'BR.cpf': 'Brasilien: CPF',
      'CA.sin': 'Kanada: SIN',
      'DE.idnr': 'Deutschland: Steuer-IdNr',
      'ES.nif': 'Spanien: NIF',
      'FR.nif': 'Frankreich: Steuernummer (numéro fiscal)',
      'GB.nino': 'Vereinigtes Königreich: National Insurance Number',
      'IN.pan': 'Indien: PAN',
      'IT.codicefiscale': 'Italien: Codice fiscale',
      'MX.rfc': 'Mexiko: RFC',
      'NL.bsn': 'Niederlande: BSN',
      'UA.rntrc': 'Ukraine: RNTRC',
    },
    samples: 'Beispielwerte, geprüft mit den kompilierten Regeln des Entwurfs',
    madeToPass: 'Zum Bestehen gemacht',
    madeToFail: 'Zum Scheitern gemacht',
    passes: 'besteht',
    fails: 'scheitert',
    checking: 'wird geprüft …',
    absent: 'in keinem Formular des Entwurfs',
    shouldPass: '(sollte bestehen: eine andere Regel des Entwurfs lehnt ihn ab)',
    shouldFail: '(sollte scheitern: der Entwurf akzeptiert ihn)',
  },
  roles: { editor: 'Redaktion', approver: 'Freigabe' },
  actions: {
    publish: 'veröffentlicht',
    'publish.refused': 'Veröffentlichung abgelehnt',
    'draft.save': 'Entwurf gespeichert',
    'draft.refused': 'Entwurf abgelehnt',
    'draft.restore': 'als Entwurf wiederhergestellt',
    'draft.retire': 'Zurückziehen als Entwurf gespeichert',
    'draft.approve': 'freigegeben',
    'draft.send-back': 'zurückgesendet',
  },
  lastChange: (action: string, by: string, at: string) => `${action} von ${by}, ${at}`,
  versionsTable: {
    version: 'Version',
    status: 'Status',
    author: 'Verfasst von',
    created: 'Erstellt',
    review: 'Prüfung',
    link: (id: number) => `Version ${id}`,
  },
  payoutExample: 'Auszahlung',
  documentTitle: 'Regelkonsole · Payee Portal',
  ruleChanges: {
    added: (place: string, value: string) => `${place}: hinzugefügt (${value})`,
    removed: (place: string, was: string) => `${place}: entfernt (war ${was})`,
    changed: (place: string, from: string, to: string) => `${place}: ${from} → ${to}`,
    exampleAdded: (description: string) => `Beispiel hinzugefügt: ${description}`,
    exampleRemoved: (description: string) => `Beispiel entfernt: ${description}`,
    fileCreated: (country: string, before: string) =>
      `Eine neue Datei für ${country}: Bisher galt für das Land ${before}`,
    fileRetired: (country: string, after: string) =>
      `Die eigene Datei von ${country} wird stillgelegt: Für das Land gilt wieder ${after}`,
  },
  errors: {
    generic:
      'Der Server konnte das nicht ausführen. Versuchen Sie es erneut; klappt es weiterhin nicht, laden Sie die Seite neu.',
    Unauthorized: 'Die E-Mail, das Passwort oder der Authenticator-Code ist falsch.',
    Forbidden:
      'Ihre Rolle erlaubt das nicht: Die Redaktion schreibt Entwürfe, die Freigabe prüft und veröffentlicht sie.',
    CsrfTokenMissing:
      'Das Sicherheitstoken der Seite fehlt. Laden Sie die Seite neu und melden Sie sich erneut an.',
    TooManyRequests:
      'Zu viele Anfragen auf einmal. Warten Sie einen Moment und versuchen Sie es erneut.',
    TooManyAttempts:
      'Zu viele fehlgeschlagene Anmeldungen. Warten Sie einige Minuten und versuchen Sie es erneut.',
    Locked:
      'Dieses Konto ist nach zu vielen fehlgeschlagenen Anmeldungen gesperrt. Eine Administratorin oder ein Administrator muss es entsperren.',
    ServiceUnavailable:
      'Der Server erreicht seine Datenbank gerade nicht. Versuchen Sie es gleich noch einmal.',
    ServiceBusy: 'Der Server ist ausgelastet. Versuchen Sie es in ein paar Sekunden erneut.',
    InternalError:
      'Auf dem Server ist ein Fehler aufgetreten. Versuchen Sie es erneut; klappt es weiterhin nicht, melden Sie es dem Team, das die Konsole betreibt.',
    NotFound: 'Das wurde nicht gefunden: Es gibt es vielleicht nicht mehr.',
    ValidationError:
      'Der Server konnte die gesendeten Daten nicht lesen. Laden Sie die Seite neu und versuchen Sie es erneut.',
    AlreadyExists: 'Es gibt bereits ein Mitarbeiterkonto mit dieser E-Mail.',
    Disabled: 'Dieses Mitarbeiterkonto ist deaktiviert. Wenden Sie sich an die Administration.',
    EnrolmentLinkInvalid:
      'Dieser Einrichtungslink wurde schon benutzt, ist abgelaufen oder wurde ersetzt. Bitten Sie die Administration um einen neuen.',
    WeakPassword: 'Das Passwort ist zu kurz oder zu gängig.',
    WrongCredentials: 'Das aktuelle Passwort oder der Authenticator-Code ist falsch.',
    AuthenticatorChanged: 'Der neue Authenticator wurde inzwischen ersetzt. Beginnen Sie von vorn.',
    AuthenticatorNotStarted:
      'Fügen Sie zuerst den neuen Authenticator hinzu und geben Sie dann seinen Code ein.',
    CodeWrong:
      'Das ist nicht der aktuelle Code des neuen Authenticators. Prüfen Sie, ob die App dieses Konto zeigt und die Uhr des Telefons stimmt.',
    ImportAuthorMissing: 'Ein Import muss die Person nennen, die ihn verfasst.',
    ImportAuthorUnknown: 'Die Person, die der Import nennt, hat kein Mitarbeiterkonto.',
    CountryMissing: 'Für diesen Ländercode gibt es keine Regeln.',
    CountryHasFile: 'Dieses Land hat eigene Regeln: Bearbeiten Sie diese.',
    NothingToRetire:
      'Dieses Land hat keine eigene Datei, die stillgelegt werden könnte: Es folgt bereits den gemeinsamen Regeln.',
    SharedRuleKept:
      'Dies ist eine gemeinsame Regel, der andere Länder folgen: Sie kann nicht stillgelegt werden.',
    IbanUnknown:
      'Dieses Land vergibt keine IBAN (es steht nicht im IBAN-Register von SWIFT): Wählen Sie eine andere Vorlage.',
    VersionMissing: 'Diese Version gibt es nicht.',
    RulesInvalid:
      'Diese Regeln bestehen die Prüfung nicht. Jedes Problem steht beim betroffenen Feld.',
    RulesTooLarge: 'Diese Regeln sind zu umfangreich für die Prüfung. Kürzen Sie die Datei.',
    TooManyPatterns: 'Diese Regeln haben zu viele Muster für die Prüfung. Entfernen Sie einige.',
    RulesCheckTimedOut:
      'Die Prüfung dieser Regeln hat zu lange gedauert und wurde abgebrochen. Vereinfachen Sie die Muster oder versuchen Sie es erneut.',
    RulesChecksBusy:
      'Der Server prüft gerade andere Regeln. Versuchen Sie es in ein paar Sekunden erneut.',
    ChecksInProgress:
      'Einige Ihrer Regelprüfungen laufen noch. Warten Sie ihre Ergebnisse ab und versuchen Sie es dann erneut.',
    DraftBaseMoved:
      'Seit diese Seite geöffnet wurde, sind andere Regeln für dieses Land veröffentlicht worden. Laden Sie sie neu und prüfen Sie die Änderung oder nehmen Sie sie auf den jetzt veröffentlichten Regeln erneut vor.',
    CommentRequired:
      'Schreiben Sie, was geändert werden soll, wenn Sie einen Entwurf zurücksenden.',
    FourEyes:
      'Sie haben diese Version verfasst: Eine andere freigebende Person muss sie prüfen und veröffentlichen.',
    NotADraft:
      'Diese Version ist kein Entwurf mehr, der auf Prüfung wartet. Laden Sie die Seite neu.',
    NotApproved:
      'Diese Version ist nicht freigegeben oder hat sich inzwischen geändert. Laden Sie die Seite neu.',
    NotPublished: 'Nur eine veröffentlichte Version kann wiederhergestellt werden.',
    PublishRaced:
      'Während diese Version geprüft wurde, wurde eine andere veröffentlicht. Veröffentlichen Sie erneut.',
    PublishRefused:
      'Die Veröffentlichung wurde abgelehnt: Die Regeln bestehen die vollständige Prüfung nicht.',
  },
  lockedFor: (minutes: number) =>
    `Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`,
  findings: {
    'schema.required': (p: FindingParams) => `${at(p)}: „${p.property}“ fehlt.`,
    'schema.unknownProperty': (p: FindingParams) =>
      `${at(p)}: „${p.property}“ kann eine Regeldatei nicht angeben.`,
    'schema.enum': (p: FindingParams) => `${at(p)}: Wählen Sie einen dieser Werte: ${p.allowed}.`,
    'schema.type': (p: FindingParams) => `${at(p)}: Hier muss ${kinds(p)} stehen.`,
    'schema.invalid': (p: FindingParams) =>
      `${at(p)} folgt nicht dem Format der Regeldatei (${p.keyword}).`,
    'pattern.invalid': (p: FindingParams) =>
      `${p.path}: „${p.pattern}“ ist kein gültiges Muster (${p.error}).`,
    'pattern.unanchored': (p: FindingParams) =>
      `${p.path}: „${p.pattern}“ muss mit ^ beginnen und mit $ enden, damit der ganze Wert passen muss.`,
    'pattern.backtracks': (p: FindingParams) =>
      `${p.path}: „${p.pattern}“ könnte bei einem Wert wie „${p.attack}“ viel zu lange brauchen. Schreiben Sie es ohne wiederholte Gruppe innerhalb einer Wiederholung (der Format-Baukasten schreibt nie eine).`,
    'pattern.unproven': (p: FindingParams) =>
      `${p.path}: Es ließ sich nicht zeigen, dass „${p.pattern}“ bei keinem Wert viel zu lange braucht. Schreiben Sie es einfacher, oder mit dem Format-Baukasten.`,
    'message.missing': (p: FindingParams) =>
      `${p.path} nennt die Meldung „${p.key}“, die in ${p.languages} fehlt. Schreiben Sie sie im Meldungsbereich.`,
    'currency.unknown': (p: FindingParams) =>
      `${p.path}: ${p.currency} ist kein Währungscode nach ISO 4217.`,
    'country.misnamed': (p: FindingParams) =>
      `Die Datei gibt „${p.country}“ als Land an, ist aber die Datei von ${p.name}.`,
    'extends.missing': (p: FindingParams) =>
      `Die Datei erweitert die gemeinsame Regel „${p.rule}“, die es nicht gibt.`,
    'countries.ownFile': (p: FindingParams) =>
      `Die Liste nennt ${p.country}, das eine eigene Datei hat: Lassen Sie diese Datei ${p.rule} erweitern, oder nehmen Sie ${p.country} aus der Liste.`,
    'rules.notComposed': (p: FindingParams) =>
      `Aus diesen Regeln lassen sich die Formulare nicht bilden (${p.error}).`,
    'example.otherCountry': (p: FindingParams) =>
      `Das Beispiel prüft seinen Datensatz als ${p.country}; ein Beispiel der Datei eines Landes verwendet dieses Land.`,
    'example.notGoverned': (p: FindingParams) => `${p.country} folgt dieser Regeldatei nicht.`,
    'example.notRun': (p: FindingParams) => `Das Beispiel ließ sich nicht ausführen (${p.error}).`,
    'example.shouldPass': (p: FindingParams) => `Sollte bestehen, scheitert aber: ${p.errors}.`,
    'example.passedInstead': (p: FindingParams) =>
      `Sollte bei ${p.path} an „${p.keyword}“ scheitern, besteht aber.`,
    'example.failedElsewhere': (p: FindingParams) =>
      `Sollte bei ${p.path} an „${p.keyword}“ scheitern, scheitert aber an ${p.errors}.`,
    'payout.unknownType': (p: FindingParams) => `„${p.type}“ ist keine Auszahlungsmethode.`,
    'payout.shouldBeOffered': (p: FindingParams) =>
      `${p.type} sollte in ${p.country} angeboten werden, wird es aber nicht.`,
    'payout.shouldNotBeOffered': (p: FindingParams) =>
      `${p.type} sollte in ${p.country} nicht angeboten werden, wird es aber.`,
    'payout.currencies': (p: FindingParams) =>
      `${p.type} in ${p.country} sollte ${p.expected} empfangen, empfängt aber ${p.received || 'nichts'}.`,
    'draft.otherCountry': (p: FindingParams) =>
      `Die Datei gibt „${p.country}“ als Land an, der Entwurf ist aber für ${p.draft}.`,
    'import.badName': (p: FindingParams) => `„${p.name}“ ist kein Name einer Regeldatei.`,
  },
  exampleForms: {
    address: 'Adresse',
    'bank-account': 'Bankkonto',
    payout: 'Auszahlungsmethode',
    'profile-person': 'Personenprofil',
  },
};
