// Les textes de la console des règles en français (forme : catalogs/en.ts).
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../core/staff/password-rules';
import type { ConsoleTexts } from './en';
import { kindsOf } from './kinds';
import type { FindingParams } from '../../../core/rules/finding-codes';

/** Où se trouve le constat dans le fichier de règles : son chemin, ou le fichier lui-même. */
const at = (p: FindingParams): string => (p.path ? String(p.path) : 'Le fichier');
const KINDS: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'oui ou non',
  object: 'un groupe de réglages',
  array: 'une liste',
  null: 'vide',
};
const kinds = (p: FindingParams): string => kindsOf(p, KINDS, 'ou');

export const fr: ConsoleTexts = {
  title: 'Console des règles',
  signIn: {
    heading: 'Connexion du personnel',
    lead: 'Connectez-vous avec votre compte du personnel et le code à 6 chiffres de votre application d’authentification.',
    email: 'E-mail',
    password: 'Mot de passe',
    code: 'Code d’authentification',
    codeHint: '6 chiffres ; un nouveau code toutes les 30 secondes.',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    missing: 'Remplissez ce champ.',
    codeFormat: 'Saisissez les 6 chiffres du code.',
  },
  authenticator: {
    addLead:
      'Ajoutez ce compte à votre application d’authentification : ouvrez le lien sur le téléphone qui a l’application, ou saisissez la clé à la main dans l’application.',
    openLink: 'Ouvrir dans l’application d’authentification',
    secretLabel: 'Clé :',
  },
  enrol: {
    heading: 'Configurez votre compte du personnel',
    lead: (email: string, role: string) =>
      `Vous configurez ${email} (${role}). Choisissez votre mot de passe et ajoutez le compte à votre application d’authentification. Personne d’autre ne voit ni l’un ni l’autre.`,
    loading: 'Ouverture de votre lien d’inscription',
    noToken:
      'Cette page a besoin du lien d’inscription complet. Ouvrez de nouveau le lien que vous avez reçu.',
    step1: '1. Votre authentificateur',
    step2: '2. Votre mot de passe et le premier code',
    password: 'Nouveau mot de passe',
    passwordHint: `Au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères ; pas un mot de passe courant.`,
    repeat: 'Répétez le mot de passe',
    code: 'Code de l’application d’authentification',
    codeHint: '6 chiffres ; un nouveau code toutes les 30 secondes.',
    submit: 'Terminer la configuration',
    submitting: 'Finalisation…',
  },
  account: {
    link: 'Votre compte',
    heading: 'Votre compte',
    lead: 'Changez votre mot de passe ou remplacez votre authentificateur. Chacun demande votre mot de passe actuel et un code valide ; vos autres sessions sont déconnectées.',
    passwordHeading: 'Changer votre mot de passe',
    currentPassword: 'Mot de passe actuel',
    code: 'Code de votre application d’authentification',
    codeHint: '6 chiffres ; un nouveau code toutes les 30 secondes.',
    newPassword: 'Nouveau mot de passe',
    newPasswordHint: `Au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères ; pas un mot de passe courant.`,
    repeat: 'Répétez le nouveau mot de passe',
    changePassword: 'Changer le mot de passe',
    passwordChanged: 'Votre mot de passe est changé. Vos autres sessions sont déconnectées.',
    authenticatorHeading: 'Remplacer votre authentificateur',
    authenticatorLead:
      'Pour un nouveau téléphone ou un téléphone perdu : ajoutez un nouvel authentificateur, puis confirmez avec votre mot de passe, un code de l’actuel et un code du nouveau.',
    start: 'Ajouter un nouvel authentificateur',
    starting: 'Préparation…',
    password: 'Mot de passe',
    currentCode: 'Code de votre authentificateur actuel',
    newCode: 'Code du nouvel authentificateur',
    replace: 'Remplacer l’authentificateur',
    replaced:
      'Votre nouvel authentificateur est en service. Vos autres sessions sont déconnectées.',
    saving: 'Enregistrement…',
    refused: 'Non modifié : ',
  },
  fieldChecks: {
    missing: 'Remplissez ce champ.',
    tooShort: `Utilisez au moins ${STAFF_PASSWORD_MIN_LENGTH} caractères.`,
    mismatch: 'Les deux mots de passe diffèrent.',
    codeFormat: 'Saisissez les 6 chiffres du code.',
  },
  signOut: 'Se déconnecter',
  signedInAs: (email: string, role: string) => `${email} (${role})`,
  countries: {
    heading: 'Pays',
    lead: 'Chaque fichier de règles avec son état. Ouvrez un pays pour modifier ses règles et examiner ses versions.',
    country: 'Pays',
    published: 'Version publiée',
    drafts: 'Brouillons',
    lastChange: 'Dernière modification',
    files: 'aucune (le fichier)',
    noFile: 'aucun (suit les règles partagées)',
    none: 'aucun',
  },
  country: {
    back: 'Tous les pays',
    heading: (name: string, code: string) => `${name} (${code})`,
    editor: 'Règles',
    editorLead:
      'Modifiez les règles telles qu’elles sont enregistrées : champs, motifs, champs obligatoires, modes de virement, devises. L’aperçu à côté suit votre saisie.',
    editorLoading: 'Chargement de l’éditeur de règles',
    preview: 'Aperçu en direct',
    previewLead:
      'Les formulaires que les bénéficiaires recevraient avec ces règles. Saisissez-y un enregistrement pour l’essayer.',
    previewLoading: 'Composition des formulaires du brouillon',
    previewUnavailable: 'L’aperçu n’est pas disponible : ',
    previewCheck: 'Vérifier cet enregistrement',
    previewValid: 'Cet enregistrement respecte les règles du brouillon.',
    keepPass: 'Garder comme exemple qui doit réussir',
    keepFail: 'Garder comme exemple qui doit échouer',
    keptPass: 'Ajouté comme exemple qui doit réussir. Enregistrez le brouillon pour le conserver.',
    keptFail: 'Ajouté comme exemple qui doit échouer. Enregistrez le brouillon pour le conserver.',
    cannotKeepFail:
      'Cet enregistrement réussit : un exemple qui doit échouer demande un enregistrement que les règles refusent.',
    cannotKeepPass:
      'Cet enregistrement échoue : un exemple qui doit réussir demande un enregistrement que les règles acceptent.',
    exampleDescription: (form: string, method: string | undefined, fails: string[], at: string) =>
      `Repris de l’aperçu de la console (${form}${method ? ` ${method}` : ''}, ${at}) : ${
        fails.length ? `échoue sur ${fails.join(', ')}` : 'réussit'
      }`,
    addressForm: 'Adresse',
    personForm: 'Profil de la personne (numéros d’identification)',
    bankAccountForm: (method: string) => `Compte bancaire : ${method}`,
    forms: 'Formulaire de l’aperçu',
    examples: 'Exemples',
    examplesLead:
      'Des enregistrements qui doivent réussir ou échouer, vérifiés avec le brouillon tel qu’il est maintenant.',
    exampleDescriptionCol: 'Description',
    exampleFormCol: 'Formulaire',
    exampleExpectedCol: 'Attendu',
    exampleResultCol: 'Résultat',
    exampleActionsCol: 'Actions',
    removeExample: 'Retirer',
    pass: 'réussit',
    fail: 'échoue',
    resultOk: 'comme prévu',
    resultBroken: 'en défaut',
    noResults: 'Les résultats s’affichent une fois l’aperçu exécuté.',
    problems: 'Problèmes de ce brouillon',
    changes: 'Modifications par rapport aux règles publiées',
    noChanges: 'Aucune modification pour l’instant.',
    save: 'Enregistrer le brouillon',
    saving: 'Enregistrement…',
    saved: (id: number) =>
      `Enregistré comme brouillon, version ${id}. Une personne habilitée à approuver l’examine ensuite.`,
    refused: 'Le serveur a refusé le brouillon :',
    versions: 'Versions',
    noVersions: 'Pas encore de version : les règles sont les fichiers de country-rules/.',
    removedFields: 'Champs que ce fichier supprime (conservés tels quels) :',
  },
  messages: {
    heading: 'Messages écrits avec ces règles',
    lead: 'Une règle de champ peut nommer un message (ses « messages » par vérification) que le portail n’a pas encore. Écrivez-le ici dans chaque langue ; {{field}} représente le libellé du champ. Il est publié avec les règles, sans nouvelle version du portail.',
    none: 'Ce fichier n’écrit pas de messages propres.',
    missing: (key: string) =>
      `Les règles nomment le message « ${key} », qui n’existe encore dans aucune langue.`,
    writeMissing: (key: string) => `Écrire « ${key} » dans chaque langue`,
    newKey: 'Clé du message (par exemple sortCode.gb)',
    add: 'Ajouter un message',
    remove: (key: string) => `Retirer le message « ${key} »`,
    keyFormat: 'Une clé commence par une lettre : lettres, chiffres, points et tirets bas.',
    languages: {
      en: 'Anglais',
      es: 'Espagnol',
      fr: 'Français',
      pt: 'Portugais',
      de: 'Allemand',
    },
  },
  version: {
    heading: (id: number, country: string) => `Version ${id} de ${country}`,
    back: (country: string) => `Retour à ${country}`,
    status: 'État',
    author: 'Auteur',
    created: 'Créée',
    reviewer: 'Relecteur',
    comment: 'Commentaire',
    published: 'Publiée',
    restoredFrom: 'Restaurée depuis la version',
    changes: 'Modifications par rapport aux règles publiées',
    examples: 'Résultats des exemples',
    problems: 'Problèmes',
    noProblems: 'La vérification des règles réussit.',
    review: 'Examen',
    commentLabel: 'Commentaire (obligatoire pour renvoyer)',
    approve: 'Approuver',
    sendBack: 'Renvoyer',
    publish: 'Publier',
    restore: 'Restaurer cette version',
    done: {
      approve: 'Approuvée. Une personne habilitée à approuver peut maintenant la publier.',
      sendBack: 'Renvoyée à son auteur.',
      publish: 'Publiée : elle s’applique immédiatement.',
      restore: (id: number) =>
        `Restaurée comme brouillon, version ${id}, à approuver puis publier.`,
    },
    refused: 'Refusé :',
    baseMoved: (country: string, base: string, now: string) =>
      `Ce brouillon a été fait à partir de ${base} de ${country}, mais ${now} a été publiée depuis. Les modifications ci-dessous sont comparées à ${now} : approuver ce brouillon, c’est aussi approuver l’annulation de tout ce que ${now} a changé et que ce brouillon ne change pas à nouveau. Si ce n’est pas voulu, renvoyez-le pour que son auteur refasse la modification sur les règles publiées maintenant.`,
    approvalStale: (country: string, base: string, now: string) =>
      `Ce brouillon a été approuvé par rapport à ${base} de ${country}, mais ${now} a été publiée depuis. Sa publication sera refusée et son approbation retirée : il doit être examiné et approuvé de nouveau par rapport aux règles publiées maintenant.`,
    versionName: (version: number | null) =>
      version === null ? 'les règles du fichier' : `la version ${version}`,
  },
  statuses: {
    seed: 'initiale (le fichier)',
    seedNoFile: 'initiale (sans fichier propre)',
    draft: 'brouillon',
    approved: 'approuvée',
    sent_back: 'renvoyée',
    published: 'publiée',
  },
  list: {
    nouns: { currency: 'Devise', country: 'Pays', value: 'Valeur', item: 'Élément' },
    add: (noun: string) => `Ajouter un élément (${noun.toLowerCase()})`,
    moveUp: (name: string) => `Monter ${name}`,
    moveDown: (name: string) => `Descendre ${name}`,
    remove: (name: string) => `Retirer ${name}`,
    empty: 'Aucun pour l’instant.',
  },
  loading: 'Chargement',
  loadFailed: 'Cette page n’a pas pu être chargée : ',
  retry: 'Réessayer',
  notFound: 'Cette page n’existe pas dans la console.',
  language: 'Langue',
  sessionEnded: 'Votre session du personnel a pris fin : reconnectez-vous.',
  unreachable: 'Le serveur est injoignable. Vérifiez la connexion et réessayez.',
  serverAnswered: (status: number) => `Le serveur a répondu ${status}.`,
  countryStatus: {
    fileOnly: 'Règles du fichier de country-rules/ (jamais publiées dans la console).',
    published: (version: number) => `Version publiée : ${version}.`,
    rulesVersion: (version: number) => `Version des règles en service : ${version}.`,
  },
  fieldRules: {
    heading: 'Champs que fixe le fichier',
    lead: 'Ajoutez une règle pour n’importe quel champ d’un formulaire, retirez une règle ou désactivez un champ (le formulaire ne le demande plus). Ce que le fichier ne fixe pas vient des règles partagées qu’il suit.',
    sections: {
      address: 'Formulaire d’adresse',
      bankAccount: 'Formulaire de compte bancaire',
      identity: 'Numéros d’identité (profil de personne)',
    },
    methodMap: (form: string, method: string) => `${form}, ${method} seulement`,
    hasRule: 'règle',
    off: 'désactivé',
    none: 'Le fichier ne fixe aucun champ de ce formulaire.',
    otherField: (form: string) => `Un autre champ du ${form.toLowerCase()}`,
    addRule: 'Ajouter la règle',
    removeRule: 'Retirer la règle',
    turnOff: 'Désactiver',
    turnOn: 'Réactiver',
  },
  create: {
    heading: 'Créer un pays',
    lead: 'Un pays sans fichier propre suit les règles partagées (la règle générique, ou la règle IBAN pour un pays du registre IBAN). Commencez son propre fichier à partir d’un modèle ; le brouillon est vérifié, relu et publié comme tout autre.',
    country: 'Pays sans fichier',
    template: 'Modèle',
    templates: {
      iban: 'Pays IBAN',
      wire: 'Virement SWIFT seulement',
      clearing: 'Code de compensation national',
    },
    templateHints: {
      iban: 'Un IBAN du pays avec le BIC de la banque (étend la règle IBAN partagée).',
      wire: 'Un numéro de compte et le BIC de la banque, pour un virement international.',
      clearing:
        'Le code de compensation national (de la banque ou de l’agence) avec un numéro de compte.',
    },
    open: 'Ouvrir dans l’éditeur',
    noFile: (code: string, governedBy: string) =>
      `${code} n’a pas de fichier de règles propre : il suit ${governedBy}.`,
    newFile: (code: string, governedBy: string) =>
      `Un nouveau fichier de règles pour ${code}, fait à partir d’un modèle. Tant qu’il n’est pas publié, ${code} suit ${governedBy}.`,
    loading: 'Création du fichier à partir du modèle',
  },
  retire: {
    heading: 'Retirer le fichier de ce pays',
    lead: (code: string) =>
      `Une fois publié, ${code} suit de nouveau les règles partagées (la règle générique, ou une règle partagée qui le cite). Le retrait est un brouillon : un approbateur le relit et le publie, et restaurer une version avec le fichier le ramène.`,
    button: 'Retirer le fichier',
    saving: 'Enregistrement…',
    saved: (id: number) =>
      `Enregistré comme brouillon, version ${id} : il retire le fichier. Un approbateur le relit ensuite.`,
  },
  editorLabels: {
    country: 'Fichier de règles (code pays)',
    name: 'Nom du pays',
    extends: 'Étend la règle partagée',
    countries: 'Pays utilisant cette règle partagée',
    source: 'Source',
    notes: 'Notes',
    address: 'Formulaire d’adresse',
    bankAccount: 'Formulaire de compte bancaire',
    identity: 'Numéros d’identification (profil de la personne)',
    fields: 'Champs',
    methods: 'Par mode de virement',
    transferMethods: 'Modes de virement',
    transferMethodNames: 'Noms locaux des modes de virement',
    payoutTypes: 'Autres moyens de paiement qu’un résident peut ajouter',
    currencies: 'Devises',
    required: 'Obligatoire',
    pattern: 'Motif (expression régulière, ancrée par ^ et $)',
    minLength: 'Longueur minimale',
    maxLength: 'Longueur maximale',
    enum: 'Valeurs acceptées',
    label: 'Clé du libellé (locales/*/fields.json)',
    help: 'Clé de l’aide (locales/*/fields.json)',
    messages: 'Clés des messages par vérification (locales/*/validation.json)',
    iban: 'Vérification de l’IBAN',
    bic: 'Vérification du BIC',
    abaRouting: 'Somme de contrôle du numéro de routage ABA',
    clabe: 'Chiffre de contrôle de la CLABE',
    cbu: 'Chiffres de contrôle du CBU',
    ukModulus: 'Contrôle modulo britannique avec le champ',
    taxId: 'Vérification du numéro fiscal',
    description: 'Description',
  },
  format: {
    legend: (field: string) => `Format de ${field}`,
    mode: 'Format',
    modes: {
      none: 'Pas de format propre',
      characters: 'Caractères et longueur',
      mask: 'Une forme fixe (comme 99-99-99)',
      prefix: 'Commence par l’un de …',
      oneOf: 'Une de ces valeurs',
      advanced: 'Saisi à la main (avancé)',
    },
    set: 'Caractères',
    rest: 'Puis',
    sets: {
      digits: 'Chiffres uniquement',
      upper: 'Lettres majuscules',
      letters: 'Lettres',
      upperDigits: 'Lettres majuscules et chiffres',
      lettersDigits: 'Lettres et chiffres',
    },
    min: 'Longueur de',
    max: 'à',
    lengthMissing: 'Longueur : écrivez un nombre entier dans « de » et dans « à ».',
    lengthOrder: (least: number) => `Longueur : « à » doit valoir au moins ${least}.`,
    inherited: 'Ce fichier ne fixe pas de format propre ; les règles qu’il suit demandent',
    mask: 'Forme',
    maskHelp:
      'Écrivez un exemple de la forme : 9 est un chiffre, A une lettre majuscule, a une lettre quelconque, X une lettre majuscule ou un chiffre, x une lettre ou un chiffre ; tout autre caractère vaut pour lui-même (\\9 pour le chiffre neuf lui-même), et ? après un caractère le rend facultatif (99999-?999).',
    maskNoClass:
      'Forme : écrivez au moins un 9, A, a, X ou x ; les autres caractères valent pour eux-mêmes.',
    prefixes: 'Commence par l’un de ceux-ci, un par ligne',
    prefixesMissing: 'Commence par : écrivez au moins un début.',
    values: 'Valeurs acceptées, une par ligne',
    valuesMissing: 'Valeurs acceptées : écrivez au moins une valeur.',
    advancedHelp:
      'Saisissez le motif dans le champ ci-dessus : une expression régulière ancrée par ^ et $, vérifiée à l’enregistrement du brouillon.',
    check: 'Contrôle',
    checks: {
      none: 'Aucun contrôle',
      iban: 'IBAN (format et clés de contrôle)',
      bic: 'Code BIC / SWIFT',
      abaRouting: 'Numéro de routage ABA américain (somme de contrôle)',
      clabe: 'CLABE mexicaine (clé de contrôle)',
      cbu: 'CBU argentin (clés de contrôle)',
      ukModulus: 'Compte britannique vérifié avec son sort code (contrôle modulo)',
      taxId: 'Numéro fiscal national (format et clés de contrôle)',
    },
    ibanCountries: 'IBAN de ces pays (codes ; vide : ce pays)',
    ibanCountriesFormat:
      'IBAN de ces pays : codes à deux lettres séparés par des espaces, par ex. FR BL.',
    sortField: 'Champ contenant le sort code',
    sortFieldFormat:
      'Champ contenant le sort code : un nom de champ en lettres et chiffres, par ex. sortCode.',
    taxScheme: 'Numéro fiscal',
    taxSchemes: {
      'AR.cuit': 'Argentine : CUIT',
      'BR.cpf': 'Brésil : CPF',
      'CA.sin': 'Canada : NAS (SIN)',
      'DE.idnr': 'Allemagne : identifiant fiscal (Steuer-IdNr)',
      'ES.nif': 'Espagne : NIF',
      'FR.nif': 'France : numéro fiscal',
      'GB.nino': 'Royaume-Uni : numéro d’assurance nationale',
      'IN.pan': 'Inde : PAN',
      'IT.codicefiscale': 'Italie : codice fiscale',
      'MX.rfc': 'Mexique : RFC',
      'NL.bsn': 'Pays-Bas : BSN',
      'UA.rntrc': 'Ukraine : RNTRC',
    },
    samples: 'Exemples de valeurs, vérifiés avec les règles compilées du brouillon',
    madeToPass: 'Faits pour réussir',
    madeToFail: 'Faits pour échouer',
    passes: 'réussit',
    fails: 'échoue',
    checking: 'vérification…',
    absent: 'absent de tous les formulaires du brouillon',
    shouldPass: '(devrait réussir : une autre règle du brouillon le refuse)',
    shouldFail: '(devrait échouer : le brouillon l’accepte)',
  },
  roles: { editor: 'rédacteur', approver: 'approbateur' },
  actions: {
    publish: 'publiée',
    'publish.refused': 'publication refusée',
    'draft.save': 'brouillon enregistré',
    'draft.refused': 'brouillon refusé',
    'draft.restore': 'restaurée en brouillon',
    'draft.retire': 'retrait en brouillon',
    'draft.approve': 'approuvée',
    'draft.send-back': 'renvoyée',
  },
  lastChange: (action: string, by: string, at: string) => `${action} par ${by}, ${at}`,
  versionsTable: {
    version: 'Version',
    status: 'État',
    author: 'Auteur',
    created: 'Créée',
    review: 'Examen',
    link: (id: number) => `Version ${id}`,
  },
  payoutExample: 'paiement',
  documentTitle: 'Console des règles · Payee Portal',
  ruleChanges: {
    added: (place: string, value: string) => `${place} : ajouté (${value})`,
    removed: (place: string, was: string) => `${place} : supprimé (était ${was})`,
    changed: (place: string, from: string, to: string) => `${place} : ${from} → ${to}`,
    exampleAdded: (description: string) => `Exemple ajouté : ${description}`,
    exampleRemoved: (description: string) => `Exemple supprimé : ${description}`,
    fileCreated: (country: string, before: string) =>
      `Un nouveau fichier pour ${country} : jusqu’ici, le pays suivait ${before}`,
    fileRetired: (country: string, after: string) =>
      `Le fichier propre de ${country} est retiré : le pays suit de nouveau ${after}`,
  },
  errors: {
    generic:
      'Le serveur n’a pas pu le faire. Réessayez ; si cela échoue encore, rechargez la page.',
    Unauthorized: 'L’e-mail, le mot de passe ou le code d’authentification est incorrect.',
    Forbidden:
      'Votre rôle ne le permet pas : les rédacteurs écrivent les brouillons, les approbateurs les examinent et les publient.',
    CsrfTokenMissing:
      'Le jeton de sécurité de la page manque. Rechargez la page et reconnectez-vous.',
    TooManyRequests: 'Trop de requêtes à la fois. Patientez un instant et réessayez.',
    TooManyAttempts: 'Trop de connexions échouées. Patientez quelques minutes et réessayez.',
    Locked:
      'Ce compte est bloqué après trop de connexions échouées. Un administrateur doit le débloquer.',
    ServiceUnavailable:
      'Le serveur ne joint pas sa base de données pour le moment. Réessayez dans un instant.',
    ServiceBusy: 'Le serveur est occupé. Réessayez dans quelques secondes.',
    InternalError:
      'Une erreur s’est produite sur le serveur. Réessayez ; si cela échoue encore, prévenez l’équipe qui gère la console.',
    NotFound: 'Introuvable : cela n’existe peut-être plus.',
    ValidationError:
      'Le serveur n’a pas pu lire ce qui a été envoyé. Rechargez la page et réessayez.',
    AlreadyExists: 'Un compte du personnel existe déjà avec cet e-mail.',
    Disabled: 'Ce compte du personnel est désactivé. Adressez-vous à un administrateur.',
    EnrolmentLinkInvalid:
      'Ce lien d’inscription a déjà servi, a expiré ou a été remplacé. Demandez-en un nouveau à un administrateur.',
    WeakPassword: 'Le mot de passe est trop court ou trop courant.',
    WrongCredentials: 'Le mot de passe actuel ou le code d’authentification est incorrect.',
    AuthenticatorChanged: 'Le nouvel authentificateur a été remplacé entre-temps. Recommencez.',
    AuthenticatorNotStarted: 'Ajoutez d’abord le nouvel authentificateur, puis saisissez son code.',
    CodeWrong:
      'Ce n’est pas le code actuel du nouvel authentificateur. Vérifiez que l’application affiche ce compte et que l’horloge du téléphone est juste.',
    ImportAuthorMissing: 'Un import doit nommer le membre du personnel qui en est l’auteur.',
    ImportAuthorUnknown: 'L’auteur nommé par l’import n’a pas de compte du personnel.',
    CountryMissing: 'Il n’y a pas de règles pour ce code pays.',
    CountryHasFile: 'Ce pays a ses propres règles : modifiez-les plutôt.',
    NothingToRetire:
      'Ce pays n’a pas de fichier propre à retirer : il suit déjà les règles partagées.',
    SharedRuleKept:
      'C’est une règle partagée que d’autres pays suivent : elle ne peut pas être retirée.',
    IbanUnknown:
      'Ce pays n’émet pas d’IBAN (il n’est pas dans le registre IBAN de SWIFT) : choisissez un autre modèle.',
    VersionMissing: 'Cette version n’existe pas.',
    RulesInvalid:
      'Ces règles ne passent pas la vérification. Chaque problème est indiqué à son champ.',
    RulesTooLarge:
      'Ces règles sont trop volumineuses pour être vérifiées. Raccourcissez le fichier.',
    TooManyPatterns: 'Ces règles ont trop de motifs pour être vérifiées. Retirez-en quelques-uns.',
    RulesCheckTimedOut:
      'La vérification de ces règles a pris trop de temps et a été arrêtée. Simplifiez les motifs ou réessayez.',
    RulesChecksBusy: 'Le serveur vérifie d’autres règles. Réessayez dans quelques secondes.',
    ChecksInProgress:
      'Certaines de vos vérifications de règles sont encore en cours. Attendez leurs résultats, puis réessayez.',
    DraftBaseMoved:
      'D’autres règles ont été publiées pour ce pays depuis l’ouverture de cette page. Rechargez-la, puis examinez la modification ou refaites-la sur les règles publiées maintenant.',
    CommentRequired: 'Indiquez ce qu’il faut changer quand vous renvoyez un brouillon.',
    FourEyes:
      'Vous avez écrit cette version : une autre personne habilitée doit l’examiner et la publier.',
    NotADraft: 'Cette version n’est plus un brouillon en attente d’examen. Rechargez la page.',
    NotApproved:
      'Cette version n’est pas approuvée, ou elle a changé entre-temps. Rechargez la page.',
    NotPublished: 'Seule une version publiée peut être restaurée.',
    PublishRaced:
      'Une autre version a été publiée pendant la vérification de celle-ci. Publiez de nouveau.',
    PublishRefused:
      'La publication a été refusée : les règles ne passent pas la vérification complète.',
  },
  lockedFor: (minutes: number) =>
    `Trop de connexions échouées. Réessayez dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  findings: {
    'schema.required': (p: FindingParams) => `${at(p)} : « ${p.property} » manque.`,
    'schema.unknownProperty': (p: FindingParams) =>
      `${at(p)} : « ${p.property} » n’est pas une indication possible dans un fichier de règles.`,
    'schema.enum': (p: FindingParams) =>
      `${at(p)} : choisissez l’une de ces valeurs : ${p.allowed}.`,
    'schema.type': (p: FindingParams) => `${at(p)} : il faut ${kinds(p)}.`,
    'schema.invalid': (p: FindingParams) =>
      `${at(p)} ne suit pas le format du fichier de règles (${p.keyword}).`,
    'pattern.invalid': (p: FindingParams) =>
      `${p.path} : « ${p.pattern} » n’est pas un motif valide (${p.error}).`,
    'pattern.unanchored': (p: FindingParams) =>
      `${p.path} : « ${p.pattern} » doit commencer par ^ et finir par $, pour que la valeur entière soit vérifiée.`,
    'pattern.backtracks': (p: FindingParams) =>
      `${p.path} : « ${p.pattern} » pourrait prendre bien trop de temps sur une valeur comme « ${p.attack} ». Écrivez-le sans groupe répété à l’intérieur d’une répétition (le générateur de formats n’en écrit jamais).`,
    'pattern.unproven': (p: FindingParams) =>
      `${p.path} : impossible de montrer que « ${p.pattern} » ne prendra pas bien trop de temps sur certaines valeurs. Écrivez-le plus simplement, ou avec le générateur de formats.`,
    'message.missing': (p: FindingParams) =>
      `${p.path} nomme le message « ${p.key} », qui manque en ${p.languages}. Rédigez-le dans le panneau des messages.`,
    'currency.unknown': (p: FindingParams) =>
      `${p.path} : ${p.currency} n’est pas un code de devise ISO 4217.`,
    'country.misnamed': (p: FindingParams) =>
      `Le fichier se dit pour « ${p.country} », mais c’est le fichier de ${p.name}.`,
    'extends.missing': (p: FindingParams) =>
      `Le fichier étend la règle partagée « ${p.rule} », qui n’existe pas.`,
    'countries.ownFile': (p: FindingParams) =>
      `La liste nomme ${p.country}, qui a son propre fichier : faites étendre ${p.rule} à ce fichier, ou retirez ${p.country} de la liste.`,
    'rules.notComposed': (p: FindingParams) =>
      `Les formulaires ne peuvent pas être construits avec ces règles (${p.error}).`,
    'example.otherCountry': (p: FindingParams) =>
      `L’exemple essaie son enregistrement comme ${p.country} ; un exemple du fichier d’un pays utilise ce pays.`,
    'example.notGoverned': (p: FindingParams) => `${p.country} ne suit pas ce fichier de règles.`,
    'example.notRun': (p: FindingParams) => `L’exemple n’a pas pu être exécuté (${p.error}).`,
    'example.shouldPass': (p: FindingParams) => `Devrait être accepté, mais échoue : ${p.errors}.`,
    'example.passedInstead': (p: FindingParams) =>
      `Devrait échouer sur ${p.path} pour « ${p.keyword} », mais il est accepté.`,
    'example.failedElsewhere': (p: FindingParams) =>
      `Devrait échouer sur ${p.path} pour « ${p.keyword} », mais échoue avec ${p.errors}.`,
    'payout.unknownType': (p: FindingParams) => `« ${p.type} » n’est pas un mode de versement.`,
    'payout.shouldBeOffered': (p: FindingParams) =>
      `${p.type} devrait être proposé en ${p.country}, mais ne l’est pas.`,
    'payout.shouldNotBeOffered': (p: FindingParams) =>
      `${p.type} ne devrait pas être proposé en ${p.country}, mais l’est.`,
    'payout.currencies': (p: FindingParams) =>
      `${p.type} en ${p.country} devrait recevoir ${p.expected}, mais reçoit ${p.received || 'rien'}.`,
    'draft.otherCountry': (p: FindingParams) =>
      `Le fichier se dit pour « ${p.country} », mais le brouillon est pour ${p.draft}.`,
    'import.badName': (p: FindingParams) => `« ${p.name} » n’est pas un nom de fichier de règles.`,
  },
  exampleForms: {
    address: 'Adresse',
    'bank-account': 'Compte bancaire',
    payout: 'Moyen de paiement',
    'profile-person': 'Profil de la personne',
  },
};
