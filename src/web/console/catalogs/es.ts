// Los textos de la consola de reglas en español (forma: catalogs/en.ts).
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../core/staff/password-rules';
import type { ConsoleTexts } from './en';
import { kindsOf } from './kinds';
import type { FindingParams } from '../../../core/rules/finding-codes';

/** Dónde está lo encontrado en el archivo de reglas: su ruta, o el archivo mismo. */
const at = (p: FindingParams): string => (p.path ? String(p.path) : 'El archivo');
const KINDS: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  integer: 'un número entero',
  boolean: 'sí o no',
  object: 'un grupo de ajustes',
  array: 'una lista',
  null: 'vacío',
};
const kinds = (p: FindingParams): string => kindsOf(p, KINDS, 'o');

export const es: ConsoleTexts = {
  title: 'Consola de reglas',
  signIn: {
    heading: 'Acceso del personal',
    lead: 'Inicie sesión con su cuenta de personal y el código de 6 dígitos de su aplicación de autenticación.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de autenticación',
    codeHint: '6 dígitos; un código nuevo cada 30 segundos.',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión…',
    missing: 'Complete este campo.',
    codeFormat: 'Escriba los 6 dígitos del código.',
  },
  authenticator: {
    addLead:
      'Añada esta cuenta a su aplicación de autenticación: abra el enlace en el teléfono que tiene la aplicación o escriba la clave a mano en la aplicación.',
    openLink: 'Abrir en la aplicación de autenticación',
    secretLabel: 'Clave:',
  },
  enrol: {
    heading: 'Configure su cuenta de personal',
    lead: (email: string, role: string) =>
      `Está configurando ${email} (${role}). Elija su contraseña y añada la cuenta a su aplicación de autenticación. Nadie más ve ninguna de las dos.`,
    loading: 'Abriendo su enlace de alta',
    noToken:
      'Esta página necesita el enlace de alta completo. Vuelva a abrir el enlace que recibió.',
    step1: '1. Su autenticador',
    step2: '2. Su contraseña y el primer código',
    password: 'Contraseña nueva',
    passwordHint: `Al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres; no una contraseña común.`,
    repeat: 'Repita la contraseña',
    code: 'Código de la aplicación de autenticación',
    codeHint: '6 dígitos; un código nuevo cada 30 segundos.',
    submit: 'Terminar la configuración',
    submitting: 'Terminando…',
  },
  account: {
    link: 'Su cuenta',
    heading: 'Su cuenta',
    lead: 'Cambie su contraseña o sustituya su autenticador. Cada cambio pide su contraseña actual y un código vigente; sus demás sesiones se cierran.',
    passwordHeading: 'Cambiar la contraseña',
    currentPassword: 'Contraseña actual',
    code: 'Código de su aplicación de autenticación',
    codeHint: '6 dígitos; un código nuevo cada 30 segundos.',
    newPassword: 'Contraseña nueva',
    newPasswordHint: `Al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres; no una contraseña común.`,
    repeat: 'Repita la contraseña nueva',
    changePassword: 'Cambiar la contraseña',
    passwordChanged: 'Su contraseña ha cambiado. Sus demás sesiones se han cerrado.',
    authenticatorHeading: 'Sustituir su autenticador',
    authenticatorLead:
      'Para un teléfono nuevo o perdido: añada un autenticador nuevo y confirme con su contraseña, un código del actual y un código del nuevo.',
    start: 'Añadir un autenticador nuevo',
    starting: 'Preparando…',
    password: 'Contraseña',
    currentCode: 'Código de su autenticador actual',
    newCode: 'Código del autenticador nuevo',
    replace: 'Sustituir el autenticador',
    replaced: 'Su autenticador nuevo ya está en uso. Sus demás sesiones se han cerrado.',
    saving: 'Guardando…',
    refused: 'Sin cambios: ',
  },
  fieldChecks: {
    missing: 'Complete este campo.',
    tooShort: `Use al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
    mismatch: 'Las dos contraseñas no coinciden.',
    codeFormat: 'Escriba los 6 dígitos del código.',
  },
  signOut: 'Cerrar sesión',
  signedInAs: (email: string, role: string) => `${email} (${role})`,
  countries: {
    heading: 'Países',
    lead: 'Cada archivo de reglas con su estado. Abra un país para editar sus reglas y revisar sus versiones.',
    country: 'País',
    published: 'Versión publicada',
    drafts: 'Borradores',
    lastChange: 'Último cambio',
    files: 'ninguna (el archivo)',
    noFile: 'ninguno (sigue las reglas compartidas)',
    none: 'ninguno',
  },
  country: {
    back: 'Todos los países',
    heading: (name: string, code: string) => `${name} (${code})`,
    editor: 'Reglas',
    editorLead:
      'Edite las reglas tal como están guardadas: campos, patrones, campos obligatorios, tipos de transferencia, monedas. La vista previa de al lado sigue lo que escribe.',
    editorLoading: 'Cargando el editor de reglas',
    preview: 'Vista previa en vivo',
    previewLead:
      'Los formularios que recibirían los destinatarios con estas reglas. Escriba en ellos para probar un registro.',
    previewLoading: 'Componiendo los formularios del borrador',
    previewUnavailable: 'La vista previa no está disponible: ',
    previewCheck: 'Comprobar este registro',
    previewValid: 'Este registro cumple las reglas del borrador.',
    keepPass: 'Guardar como ejemplo que debe pasar',
    keepFail: 'Guardar como ejemplo que debe fallar',
    keptPass: 'Añadido como ejemplo que debe pasar. Guarde el borrador para conservarlo.',
    keptFail: 'Añadido como ejemplo que debe fallar. Guarde el borrador para conservarlo.',
    cannotKeepFail:
      'Este registro pasa: un ejemplo que debe fallar necesita un registro que las reglas rechacen.',
    cannotKeepPass:
      'Este registro falla: un ejemplo que debe pasar necesita un registro que las reglas acepten.',
    exampleDescription: (form: string, method: string | undefined, fails: string[], at: string) =>
      `Tomado de la vista previa de la consola (${form}${method ? ` ${method}` : ''}, ${at}): ${
        fails.length ? `falla en ${fails.join(', ')}` : 'pasa'
      }`,
    addressForm: 'Dirección',
    personForm: 'Perfil de la persona (números de identificación)',
    bankAccountForm: (method: string) => `Cuenta bancaria: ${method}`,
    forms: 'Formulario de la vista previa',
    examples: 'Ejemplos',
    examplesLead:
      'Registros que deben pasar o fallar, ejecutados contra el borrador tal como está ahora.',
    exampleDescriptionCol: 'Descripción',
    exampleFormCol: 'Formulario',
    exampleExpectedCol: 'Esperado',
    exampleResultCol: 'Resultado',
    exampleActionsCol: 'Acciones',
    removeExample: 'Quitar',
    pass: 'pasa',
    fail: 'falla',
    resultOk: 'como se esperaba',
    resultBroken: 'no se cumple',
    noResults: 'Los resultados aparecen cuando se ha ejecutado la vista previa.',
    problems: 'Problemas de este borrador',
    changes: 'Cambios respecto a las reglas publicadas',
    noChanges: 'Aún no hay cambios.',
    save: 'Guardar borrador',
    saving: 'Guardando…',
    saved: (id: number) =>
      `Guardado como versión borrador ${id}. Ahora lo revisa una persona aprobadora.`,
    refused: 'El servidor rechazó el borrador:',
    versions: 'Versiones',
    noVersions: 'Aún no hay versiones: las reglas son los archivos de country-rules/.',
    removedFields: 'Campos que este archivo elimina (se conservan tal cual):',
  },
  messages: {
    heading: 'Mensajes escritos con estas reglas',
    lead: 'Una regla de campo puede nombrar un mensaje (sus «messages» por comprobación) que el portal aún no tiene. Escríbalo aquí en cada idioma; {{field}} representa la etiqueta del campo. Se publica con las reglas, sin necesidad de una nueva versión del portal.',
    none: 'Este archivo no escribe mensajes propios.',
    missing: (key: string) =>
      `Las reglas nombran el mensaje «${key}», que aún no existe en ningún idioma.`,
    writeMissing: (key: string) => `Escribir «${key}» en cada idioma`,
    newKey: 'Clave del mensaje (por ejemplo, sortCode.gb)',
    add: 'Añadir un mensaje',
    remove: (key: string) => `Quitar el mensaje «${key}»`,
    keyFormat: 'Una clave empieza por una letra: letras, dígitos, puntos y guiones bajos.',
    languages: {
      en: 'Inglés',
      es: 'Español',
      fr: 'Francés',
      pt: 'Portugués',
      de: 'Alemán',
    },
  },
  version: {
    heading: (id: number, country: string) => `Versión ${id} de ${country}`,
    back: (country: string) => `Volver a ${country}`,
    status: 'Estado',
    author: 'Autor',
    created: 'Creada',
    reviewer: 'Revisor',
    comment: 'Comentario',
    published: 'Publicada',
    restoredFrom: 'Restaurada desde la versión',
    changes: 'Cambios respecto a las reglas publicadas',
    examples: 'Resultados de los ejemplos',
    problems: 'Problemas',
    noProblems: 'La comprobación de reglas pasa.',
    review: 'Revisión',
    commentLabel: 'Comentario (obligatorio para devolver)',
    approve: 'Aprobar',
    sendBack: 'Devolver',
    publish: 'Publicar',
    restore: 'Restaurar esta versión',
    done: {
      approve: 'Aprobada. Una persona aprobadora ya puede publicarla.',
      sendBack: 'Devuelta a su autor.',
      publish: 'Publicada: entra en vigor de inmediato.',
      restore: (id: number) =>
        `Restaurada como versión borrador ${id}, pendiente de aprobación y publicación.`,
    },
    refused: 'Rechazado:',
    baseMoved: (country: string, base: string, now: string) =>
      `Este borrador se hizo a partir de ${base} de ${country}, pero desde entonces se ha publicado ${now}. Los cambios de abajo son respecto a ${now}: aprobar este borrador también aprueba deshacer todo lo que ${now} cambió y este borrador no vuelve a cambiar. Si no es lo que se pretende, devuélvalo para que su autor vuelva a hacer el cambio sobre las reglas publicadas ahora.`,
    approvalStale: (country: string, base: string, now: string) =>
      `Este borrador se aprobó respecto a ${base} de ${country}, pero desde entonces se ha publicado ${now}. Su publicación se rechazará y su aprobación se retirará: debe revisarse y aprobarse de nuevo respecto a las reglas publicadas ahora.`,
    versionName: (version: number | null) =>
      version === null ? 'las reglas del archivo' : `la versión ${version}`,
  },
  statuses: {
    seed: 'inicial (el archivo)',
    seedNoFile: 'inicial (sin archivo propio)',
    draft: 'borrador',
    approved: 'aprobada',
    sent_back: 'devuelta',
    published: 'publicada',
  },
  list: {
    nouns: { currency: 'Moneda', country: 'País', value: 'Valor', item: 'Elemento' },
    add: (noun: string) => `Añadir ${noun.toLowerCase()}`,
    moveUp: (name: string) => `Subir ${name}`,
    moveDown: (name: string) => `Bajar ${name}`,
    remove: (name: string) => `Quitar ${name}`,
    empty: 'Ninguno todavía.',
  },
  loading: 'Cargando',
  loadFailed: 'No se pudo cargar esta página: ',
  retry: 'Reintentar',
  notFound: 'Esa página no existe en la consola.',
  language: 'Idioma',
  sessionEnded: 'Su sesión de personal ha terminado: inicie sesión de nuevo.',
  unreachable:
    'No se puede contactar con el servidor. Compruebe la conexión y vuelva a intentarlo.',
  serverAnswered: (status: number) => `El servidor respondió ${status}.`,
  countryStatus: {
    fileOnly: 'Reglas del archivo de country-rules/ (nunca publicadas en la consola).',
    published: (version: number) => `Versión publicada ${version}.`,
    rulesVersion: (version: number) => `Versión de reglas en uso: ${version}.`,
  },
  fieldRules: {
    heading: 'Campos que fija el archivo',
    lead: 'Añada una regla para cualquier campo de un formulario, quite una regla o desactive un campo (el formulario deja de pedirlo). Lo que el archivo no fija viene de las reglas compartidas que sigue.',
    sections: {
      address: 'Formulario de dirección',
      bankAccount: 'Formulario de cuenta bancaria',
      identity: 'Números de identidad (perfil de persona)',
    },
    methodMap: (form: string, method: string) => `${form}, solo ${method}`,
    hasRule: 'regla',
    off: 'desactivado',
    none: 'El archivo no fija ningún campo de este formulario.',
    otherField: (form: string) => `Otro campo del ${form.toLowerCase()}`,
    addRule: 'Añadir regla',
    removeRule: 'Quitar regla',
    turnOff: 'Desactivar',
    turnOn: 'Volver a activar',
  },
  create: {
    heading: 'Crear un país',
    lead: 'Un país sin archivo propio sigue las reglas compartidas (la regla genérica, o la regla IBAN para un país del registro IBAN). Cree su propio archivo a partir de una plantilla; el borrador se comprueba, se revisa y se publica como cualquier otro.',
    country: 'País sin archivo',
    template: 'Plantilla',
    templates: {
      iban: 'País IBAN',
      wire: 'Solo transferencia SWIFT',
      clearing: 'Código de compensación nacional',
    },
    templateHints: {
      iban: 'Un IBAN del país con el BIC del banco (amplía la regla IBAN compartida).',
      wire: 'Un número de cuenta y el BIC del banco, para una transferencia internacional.',
      clearing:
        'El código de compensación nacional (del banco o la sucursal) con un número de cuenta.',
    },
    open: 'Abrir en el editor',
    noFile: (code: string, governedBy: string) =>
      `${code} no tiene archivo de reglas propio: sigue ${governedBy}.`,
    newFile: (code: string, governedBy: string) =>
      `Un archivo de reglas nuevo para ${code}, hecho con una plantilla. Hasta que se publique, ${code} sigue ${governedBy}.`,
    loading: 'Creando el archivo a partir de la plantilla',
  },
  retire: {
    heading: 'Retirar el archivo de este país',
    lead: (code: string) =>
      `Una vez publicado, ${code} vuelve a seguir las reglas compartidas (la regla genérica, o una regla compartida que lo incluya). La retirada es un borrador: un aprobador lo revisa y lo publica, y restaurar una versión con el archivo lo recupera.`,
    button: 'Retirar el archivo',
    saving: 'Guardando…',
    saved: (id: number) =>
      `Guardado como borrador, versión ${id}: retira el archivo. Ahora lo revisa un aprobador.`,
  },
  editorLabels: {
    country: 'Archivo de reglas (código de país)',
    name: 'Nombre del país',
    extends: 'Amplía la regla compartida',
    countries: 'Países que usan esta regla compartida',
    source: 'Fuente',
    notes: 'Notas',
    address: 'Formulario de dirección',
    bankAccount: 'Formulario de cuenta bancaria',
    identity: 'Números de identificación (perfil de la persona)',
    fields: 'Campos',
    methods: 'Por tipo de transferencia',
    transferMethods: 'Tipos de transferencia',
    transferMethodNames: 'Nombres locales de los tipos de transferencia',
    payoutTypes: 'Otros métodos de cobro que puede añadir un residente',
    currencies: 'Monedas',
    required: 'Obligatorio',
    pattern: 'Patrón (expresión regular, anclada con ^ y $)',
    minLength: 'Longitud mínima',
    maxLength: 'Longitud máxima',
    enum: 'Valores aceptados',
    label: 'Clave de la etiqueta (locales/*/fields.json)',
    help: 'Clave de la ayuda (locales/*/fields.json)',
    messages: 'Claves de mensaje por comprobación (locales/*/validation.json)',
    iban: 'Comprobación del IBAN',
    bic: 'Comprobación del BIC',
    abaRouting: 'Suma de control del número de ruta ABA',
    clabe: 'Dígito de control de la CLABE',
    cbu: 'Dígitos de control del CBU',
    ukModulus: 'Comprobación de módulo británica con el campo',
    taxId: 'Comprobación del número fiscal',
    description: 'Descripción',
  },
  format: {
    legend: (field: string) => `Formato de ${field}`,
    mode: 'Formato',
    modes: {
      none: 'Sin formato propio',
      characters: 'Caracteres y longitud',
      mask: 'Una forma fija (como 99-99-99)',
      prefix: 'Empieza por uno de …',
      oneOf: 'Uno de estos valores',
      advanced: 'Escrito a mano (avanzado)',
    },
    set: 'Caracteres',
    rest: 'Después',
    sets: {
      digits: 'Solo dígitos',
      upper: 'Letras mayúsculas',
      letters: 'Letras',
      upperDigits: 'Letras mayúsculas y dígitos',
      lettersDigits: 'Letras y dígitos',
    },
    min: 'Longitud de',
    max: 'a',
    lengthMissing: 'Longitud: escriba un número entero en «de» y en «a».',
    lengthOrder: (least: number) => `Longitud: «a» debe ser al menos ${least}.`,
    inherited: 'Este archivo no fija un formato propio; las reglas que sigue piden',
    mask: 'Forma',
    maskHelp:
      'Escriba un ejemplo de la forma: 9 es un dígito, A una letra mayúscula, a cualquier letra, X una letra mayúscula o un dígito, x cualquier letra o dígito; cualquier otro carácter vale por sí mismo (\\9 para el propio dígito nueve), y ? detrás lo hace opcional (99999-?999).',
    maskNoClass:
      'Forma: escriba al menos un 9, A, a, X o x; los demás caracteres valen por sí mismos.',
    prefixes: 'Empieza por uno de estos, uno por línea',
    prefixesMissing: 'Empieza por: escriba al menos un comienzo.',
    values: 'Valores aceptados, uno por línea',
    valuesMissing: 'Valores aceptados: escriba al menos un valor.',
    advancedHelp:
      'Escriba el patrón en el campo de arriba: una expresión regular anclada con ^ y $, comprobada al guardar el borrador.',
    check: 'Comprobación',
    checks: {
      none: 'Sin comprobación',
      iban: 'IBAN (formato y dígitos de control)',
      bic: 'Código BIC / SWIFT',
      abaRouting: 'Número de ruta ABA de EE. UU. (suma de control)',
      clabe: 'CLABE mexicana (dígito de control)',
      cbu: 'CBU argentino (dígitos de control)',
      ukModulus: 'Cuenta del Reino Unido frente a su sort code (comprobación de módulo)',
      taxId: 'Número fiscal nacional (formato y dígitos de control)',
    },
    ibanCountries: 'IBAN de estos países (códigos; vacío: este país)',
    ibanCountriesFormat:
      'IBAN de estos países: códigos de dos letras separados por espacios, p. ej. FR BL.',
    sortField: 'Campo con el sort code',
    sortFieldFormat:
      'Campo con el sort code: un nombre de campo de letras y dígitos, p. ej. sortCode.',
    taxScheme: 'Número fiscal',
    taxSchemes: {
      'AR.cuit': 'Argentina: CUIT',
      'BR.cpf': 'Brasil: CPF',
      'CA.sin': 'Canadá: SIN',
      'DE.idnr': 'Alemania: número fiscal (Steuer-IdNr)',
      'ES.nif': 'España: NIF',
      'FR.nif': 'Francia: número fiscal (numéro fiscal)',
      'GB.nino': 'Reino Unido: número de la Seguridad Social (NINO)',
      'IN.pan': 'India: PAN',
      'IT.codicefiscale': 'Italia: codice fiscale',
      'MX.rfc': 'México: RFC',
      'NL.bsn': 'Países Bajos: BSN',
      'UA.rntrc': 'Ucrania: RNTRC',
    },
    samples: 'Valores de muestra, comprobados con las reglas compiladas del borrador',
    madeToPass: 'Hechos para pasar',
    madeToFail: 'Hechos para fallar',
    passes: 'pasa',
    fails: 'falla',
    checking: 'comprobando…',
    absent: 'no está en ningún formulario del borrador',
    shouldPass: '(debería pasar: otra regla del borrador lo rechaza)',
    shouldFail: '(debería fallar: el borrador lo acepta)',
  },
  roles: { editor: 'editor', approver: 'aprobador' },
  actions: {
    publish: 'publicado',
    'publish.refused': 'publicación rechazada',
    'draft.save': 'borrador guardado',
    'draft.refused': 'borrador rechazado',
    'draft.restore': 'restaurado como borrador',
    'draft.retire': 'retirada en borrador',
    'draft.approve': 'aprobado',
    'draft.send-back': 'devuelto',
  },
  lastChange: (action: string, by: string, at: string) => `${action} por ${by}, ${at}`,
  versionsTable: {
    version: 'Versión',
    status: 'Estado',
    author: 'Autor',
    created: 'Creada',
    review: 'Revisión',
    link: (id: number) => `Versión ${id}`,
  },
  payoutExample: 'cobro',
  documentTitle: 'Consola de reglas · Payee Portal',
  ruleChanges: {
    added: (place: string, value: string) => `${place}: añadido (${value})`,
    removed: (place: string, was: string) => `${place}: eliminado (era ${was})`,
    changed: (place: string, from: string, to: string) => `${place}: ${from} → ${to}`,
    exampleAdded: (description: string) => `Ejemplo añadido: ${description}`,
    exampleRemoved: (description: string) => `Ejemplo eliminado: ${description}`,
    fileCreated: (country: string, before: string) =>
      `Un archivo nuevo para ${country}: hasta ahora el país seguía ${before}`,
    fileRetired: (country: string, after: string) =>
      `Se retira el archivo propio de ${country}: el país vuelve a seguir ${after}`,
  },
  errors: {
    generic:
      'El servidor no pudo hacerlo. Vuelva a intentarlo; si sigue fallando, recargue la página.',
    Unauthorized:
      'El correo electrónico, la contraseña o el código de autenticación no son correctos.',
    Forbidden:
      'Su rol no lo permite: los editores escriben borradores y los aprobadores los revisan y publican.',
    CsrfTokenMissing:
      'Falta el token de seguridad de la página. Recárguela e inicie sesión de nuevo.',
    TooManyRequests: 'Demasiadas solicitudes a la vez. Espere un momento y vuelva a intentarlo.',
    TooManyAttempts:
      'Demasiados inicios de sesión fallidos. Espere unos minutos y vuelva a intentarlo.',
    Locked:
      'Esta cuenta está bloqueada tras demasiados inicios de sesión fallidos. Un administrador debe desbloquearla.',
    ServiceUnavailable:
      'El servidor no puede acceder a su base de datos en este momento. Vuelva a intentarlo en un momento.',
    ServiceBusy: 'El servidor está ocupado. Vuelva a intentarlo en unos segundos.',
    InternalError:
      'Algo falló en el servidor. Vuelva a intentarlo; si sigue fallando, avise al equipo que gestiona la consola.',
    NotFound: 'No se encontró: puede que ya no exista.',
    ValidationError:
      'El servidor no pudo leer lo que se envió. Recargue la página y vuelva a intentarlo.',
    AlreadyExists: 'Ya existe una cuenta de personal con este correo electrónico.',
    Disabled: 'Esta cuenta de personal está desactivada. Consulte a un administrador.',
    EnrolmentLinkInvalid:
      'Este enlace de alta ya se usó, caducó o fue sustituido. Pida uno nuevo a un administrador.',
    WeakPassword: 'La contraseña es demasiado corta o demasiado común.',
    WrongCredentials: 'La contraseña actual o el código de autenticación no son correctos.',
    AuthenticatorChanged: 'El autenticador nuevo se sustituyó mientras tanto. Empiece de nuevo.',
    AuthenticatorNotStarted: 'Añada primero el autenticador nuevo y después escriba su código.',
    CodeWrong:
      'Ese no es el código vigente del autenticador nuevo. Compruebe que la aplicación muestra esta cuenta y que la hora del teléfono es correcta.',
    ImportAuthorMissing: 'Una importación debe nombrar a la persona del personal que la firma.',
    ImportAuthorUnknown: 'La persona que nombra la importación no tiene cuenta de personal.',
    CountryMissing: 'No hay reglas para este código de país.',
    CountryHasFile: 'Este país tiene reglas propias: edítelas.',
    NothingToRetire:
      'Este país no tiene un archivo propio que retirar: ya sigue las reglas compartidas.',
    SharedRuleKept: 'Es una regla compartida que siguen otros países: no se puede retirar.',
    IbanUnknown:
      'Este país no emite IBAN (no está en el registro IBAN de SWIFT): elija otra plantilla.',
    VersionMissing: 'Esa versión no existe.',
    RulesInvalid: 'Estas reglas no pasan la comprobación. Cada problema se indica en su campo.',
    RulesTooLarge: 'Estas reglas son demasiado grandes para comprobarlas. Acorte el archivo.',
    TooManyPatterns: 'Estas reglas tienen demasiados patrones para comprobarlas. Quite algunos.',
    RulesCheckTimedOut:
      'La comprobación de estas reglas tardó demasiado y se detuvo. Simplifique los patrones o vuelva a intentarlo.',
    RulesChecksBusy:
      'El servidor está comprobando otras reglas. Vuelva a intentarlo en unos segundos.',
    ChecksInProgress:
      'Algunas de sus comprobaciones de reglas siguen en curso. Espere sus resultados y vuelva a intentarlo.',
    DraftBaseMoved:
      'Desde que se abrió esta página se han publicado otras reglas para este país. Recárguela y revise el cambio o vuelva a hacerlo sobre las reglas publicadas ahora.',
    CommentRequired: 'Indique qué hay que cambiar cuando devuelva un borrador.',
    FourEyes: 'Usted escribió esta versión: otra persona aprobadora debe revisarla y publicarla.',
    NotADraft: 'Esta versión ya no es un borrador pendiente de revisión. Recargue la página.',
    NotApproved: 'Esta versión no está aprobada o cambió mientras tanto. Recargue la página.',
    NotPublished: 'Solo se puede restaurar una versión publicada.',
    PublishRaced: 'Se publicó otra versión mientras se comprobaba esta. Vuelva a publicar.',
    PublishRefused: 'Se rechazó la publicación: las reglas no pasan la comprobación completa.',
  },
  lockedFor: (minutes: number) =>
    `Demasiados inicios de sesión fallidos. Vuelva a intentarlo dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  findings: {
    'schema.required': (p: FindingParams) => `${at(p)}: falta «${p.property}».`,
    'schema.unknownProperty': (p: FindingParams) =>
      `${at(p)}: «${p.property}» no es algo que un archivo de reglas pueda indicar.`,
    'schema.enum': (p: FindingParams) => `${at(p)}: elija uno de estos valores: ${p.allowed}.`,
    'schema.type': (p: FindingParams) => `${at(p)}: debe ser ${kinds(p)}.`,
    'schema.invalid': (p: FindingParams) =>
      `${at(p)} no sigue el formato del archivo de reglas (${p.keyword}).`,
    'pattern.invalid': (p: FindingParams) =>
      `${p.path}: «${p.pattern}» no es un patrón válido (${p.error}).`,
    'pattern.unanchored': (p: FindingParams) =>
      `${p.path}: «${p.pattern}» debe empezar por ^ y terminar en $, para que se compruebe el valor entero.`,
    'pattern.backtracks': (p: FindingParams) =>
      `${p.path}: «${p.pattern}» podría tardar demasiado con un valor como «${p.attack}». Escríbalo sin un grupo repetido dentro de una repetición (el generador de formatos nunca lo hace).`,
    'pattern.unproven': (p: FindingParams) =>
      `${p.path}: no se ha podido demostrar que «${p.pattern}» no tarde demasiado con algunos valores. Escríbalo de forma más sencilla, o con el generador de formatos.`,
    'message.missing': (p: FindingParams) =>
      `${p.path} nombra el mensaje «${p.key}», que falta en ${p.languages}. Escríbalo en el panel de mensajes.`,
    'currency.unknown': (p: FindingParams) =>
      `${p.path}: ${p.currency} no es un código de moneda ISO 4217.`,
    'country.misnamed': (p: FindingParams) =>
      `El archivo dice ser de «${p.country}», pero es el archivo de ${p.name}.`,
    'extends.missing': (p: FindingParams) =>
      `El archivo amplía la regla compartida «${p.rule}», que no existe.`,
    'countries.ownFile': (p: FindingParams) =>
      `La lista nombra ${p.country}, que tiene un archivo propio: haga que ese archivo amplíe ${p.rule}, o quite ${p.country} de la lista.`,
    'rules.notComposed': (p: FindingParams) =>
      `No se pueden generar los formularios con estas reglas (${p.error}).`,
    'example.otherCountry': (p: FindingParams) =>
      `El ejemplo prueba su registro como ${p.country}; un ejemplo del archivo de un país usa ese país.`,
    'example.notGoverned': (p: FindingParams) => `${p.country} no sigue este archivo de reglas.`,
    'example.notRun': (p: FindingParams) => `No se ha podido ejecutar el ejemplo (${p.error}).`,
    'example.shouldPass': (p: FindingParams) => `Debería pasar, pero falla: ${p.errors}.`,
    'example.passedInstead': (p: FindingParams) =>
      `Debería fallar en ${p.path} por «${p.keyword}», pero pasa.`,
    'example.failedElsewhere': (p: FindingParams) =>
      `Debería fallar en ${p.path} por «${p.keyword}», pero falla con ${p.errors}.`,
    'payout.unknownType': (p: FindingParams) => `«${p.type}» no es un método de pago.`,
    'payout.shouldBeOffered': (p: FindingParams) =>
      `${p.type} debería ofrecerse en ${p.country}, pero no se ofrece.`,
    'payout.shouldNotBeOffered': (p: FindingParams) =>
      `${p.type} no debería ofrecerse en ${p.country}, pero se ofrece.`,
    'payout.currencies': (p: FindingParams) =>
      `${p.type} en ${p.country} debería recibir ${p.expected}, pero recibe ${p.received || 'nada'}.`,
    'draft.otherCountry': (p: FindingParams) =>
      `El archivo dice ser de «${p.country}», pero el borrador es de ${p.draft}.`,
    'import.badName': (p: FindingParams) => `«${p.name}» no es un nombre de archivo de reglas.`,
  },
  exampleForms: {
    address: 'Dirección',
    'bank-account': 'Cuenta bancaria',
    payout: 'Método de cobro',
    'profile-person': 'Perfil de la persona',
  },
};
