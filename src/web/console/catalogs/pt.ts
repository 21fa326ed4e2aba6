// Os textos do console de regras em português (forma: catalogs/en.ts).
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../core/staff/password-rules';
import type { ConsoleTexts } from './en';
import { kindsOf } from './kinds';
import type { FindingParams } from '../../../core/rules/finding-codes';

/** Onde está o achado no arquivo de regras: o seu caminho, ou o próprio arquivo. */
const at = (p: FindingParams): string => (p.path ? String(p.path) : 'O arquivo');
const KINDS: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  integer: 'um número inteiro',
  boolean: 'sim ou não',
  object: 'um grupo de definições',
  array: 'uma lista',
  null: 'vazio',
};
const kinds = (p: FindingParams): string => kindsOf(p, KINDS, 'ou');

export const pt: ConsoleTexts = {
  title: 'Console de regras',
  signIn: {
    heading: 'Acesso da equipe',
    lead: 'Entre com sua conta da equipe e o código de 6 dígitos do seu aplicativo autenticador.',
    email: 'E-mail',
    password: 'Senha',
    code: 'Código do autenticador',
    codeHint: '6 dígitos; um código novo a cada 30 segundos.',
    submit: 'Entrar',
    submitting: 'Entrando…',
    missing: 'Preencha este campo.',
    codeFormat: 'Digite os 6 dígitos do código.',
  },
  authenticator: {
    addLead:
      'Adicione esta conta ao seu aplicativo autenticador: abra o link no celular que tem o aplicativo ou digite a chave manualmente no aplicativo.',
    openLink: 'Abrir no aplicativo autenticador',
    secretLabel: 'Chave:',
  },
  enrol: {
    heading: 'Configure sua conta da equipe',
    lead: (email: string, role: string) =>
      `Você está configurando ${email} (${role}). Escolha sua senha e adicione a conta ao seu aplicativo autenticador. Ninguém mais vê nenhum dos dois.`,
    loading: 'Abrindo seu link de cadastro',
    noToken:
      'Esta página precisa do link de cadastro completo. Abra de novo o link que você recebeu.',
    step1: '1. Seu autenticador',
    step2: '2. Sua senha e o primeiro código',
    password: 'Nova senha',
    passwordHint: `Pelo menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres; não uma senha comum.`,
    repeat: 'Repita a senha',
    code: 'Código do aplicativo autenticador',
    codeHint: '6 dígitos; um código novo a cada 30 segundos.',
    submit: 'Concluir a configuração',
    submitting: 'Concluindo…',
  },
  account: {
    link: 'Sua conta',
    heading: 'Sua conta',
    lead: 'Altere sua senha ou substitua seu autenticador. Cada alteração pede sua senha atual e um código válido; suas outras sessões são encerradas.',
    passwordHeading: 'Alterar sua senha',
    currentPassword: 'Senha atual',
    code: 'Código do seu aplicativo autenticador',
    codeHint: '6 dígitos; um código novo a cada 30 segundos.',
    newPassword: 'Nova senha',
    newPasswordHint: `Pelo menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres; não uma senha comum.`,
    repeat: 'Repita a nova senha',
    changePassword: 'Alterar a senha',
    passwordChanged: 'Sua senha foi alterada. Suas outras sessões foram encerradas.',
    authenticatorHeading: 'Substituir seu autenticador',
    authenticatorLead:
      'Para um celular novo ou perdido: adicione um novo autenticador e confirme com sua senha, um código do atual e um código do novo.',
    start: 'Adicionar um novo autenticador',
    starting: 'Preparando…',
    password: 'Senha',
    currentCode: 'Código do seu autenticador atual',
    newCode: 'Código do novo autenticador',
    replace: 'Substituir o autenticador',
    replaced: 'Seu novo autenticador está em uso. Suas outras sessões foram encerradas.',
    saving: 'Salvando…',
    refused: 'Não alterado: ',
  },
  fieldChecks: {
    missing: 'Preencha este campo.',
    tooShort: `Use pelo menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
    mismatch: 'As duas senhas são diferentes.',
    codeFormat: 'Digite os 6 dígitos do código.',
  },
  signOut: 'Sair',
  signedInAs: (email: string, role: string) => `${email} (${role})`,
  countries: {
    heading: 'Países',
    lead: 'Cada arquivo de regras com seu estado. Abra um país para editar as regras e revisar as versões.',
    country: 'País',
    published: 'Versão publicada',
    drafts: 'Rascunhos',
    lastChange: 'Última alteração',
    files: 'nenhuma (o arquivo)',
    noFile: 'nenhum (segue as regras compartilhadas)',
    none: 'nenhum',
  },
  country: {
    back: 'Todos os países',
    heading: (name: string, code: string) => `${name} (${code})`,
    editor: 'Regras',
    editorLead:
      'Edite as regras como estão gravadas: campos, padrões, campos obrigatórios, tipos de transferência, moedas. A prévia ao lado acompanha o que você digita.',
    editorLoading: 'Carregando o editor de regras',
    preview: 'Prévia ao vivo',
    previewLead:
      'Os formulários que os destinatários receberiam com estas regras. Digite neles para testar um registro.',
    previewLoading: 'Montando os formulários do rascunho',
    previewUnavailable: 'A prévia não está disponível: ',
    previewCheck: 'Verificar este registro',
    previewValid: 'Este registro atende às regras do rascunho.',
    keepPass: 'Guardar como exemplo que deve passar',
    keepFail: 'Guardar como exemplo que deve falhar',
    keptPass: 'Adicionado como exemplo que deve passar. Salve o rascunho para mantê-lo.',
    keptFail: 'Adicionado como exemplo que deve falhar. Salve o rascunho para mantê-lo.',
    cannotKeepFail:
      'Este registro passa: um exemplo que deve falhar precisa de um registro que as regras recusem.',
    cannotKeepPass:
      'Este registro falha: um exemplo que deve passar precisa de um registro que as regras aceitem.',
    exampleDescription: (form: string, method: string | undefined, fails: string[], at: string) =>
      `Guardado da prévia do console (${form}${method ? ` ${method}` : ''}, ${at}): ${
        fails.length ? `falha em ${fails.join(', ')}` : 'passa'
      }`,
    addressForm: 'Endereço',
    personForm: 'Perfil da pessoa (números de identificação)',
    bankAccountForm: (method: string) => `Conta bancária: ${method}`,
    forms: 'Formulário da prévia',
    examples: 'Exemplos',
    examplesLead: 'Registros que devem passar ou falhar, testados com o rascunho como está agora.',
    exampleDescriptionCol: 'Descrição',
    exampleFormCol: 'Formulário',
    exampleExpectedCol: 'Esperado',
    exampleResultCol: 'Resultado',
    exampleActionsCol: 'Ações',
    removeExample: 'Remover',
    pass: 'passa',
    fail: 'falha',
    resultOk: 'como esperado',
    resultBroken: 'não confere',
    noResults: 'Os resultados aparecem depois que a prévia é executada.',
    problems: 'Problemas deste rascunho',
    changes: 'Alterações em relação às regras publicadas',
    noChanges: 'Nenhuma alteração ainda.',
    save: 'Salvar rascunho',
    saving: 'Salvando…',
    saved: (id: number) =>
      `Salvo como versão de rascunho ${id}. Agora uma pessoa aprovadora o revisa.`,
    refused: 'O servidor recusou o rascunho:',
    versions: 'Versões',
    noVersions: 'Ainda não há versões: as regras são os arquivos em country-rules/.',
    removedFields: 'Campos que este arquivo remove (mantidos como estão):',
  },
  messages: {
    heading: 'Mensagens escritas com estas regras',
    lead: 'Uma regra de campo pode citar uma mensagem (suas “messages” por verificação) que o portal ainda não tem. Escreva-a aqui em cada idioma; {{field}} representa o rótulo do campo. Ela é publicada com as regras, sem precisar de uma nova versão do portal.',
    none: 'Este arquivo não escreve mensagens próprias.',
    missing: (key: string) =>
      `As regras citam a mensagem “${key}”, que ainda não existe em nenhum idioma.`,
    writeMissing: (key: string) => `Escrever “${key}” em cada idioma`,
    newKey: 'Chave da mensagem (por exemplo, sortCode.gb)',
    add: 'Adicionar uma mensagem',
    remove: (key: string) => `Remover a mensagem “${key}”`,
    keyFormat: 'Uma chave começa com uma letra: letras, dígitos, pontos e sublinhados.',
    languages: {
      en: 'Inglês',
      es: 'Espanhol',
      fr: 'Francês',
      pt: 'Português',
      de: 'Alemão',
    },
  },
  version: {
    heading: (id: number, country: string) => `Versão ${id} de ${country}`,
    back: (country: string) => `Voltar para ${country}`,
    status: 'Estado',
    author: 'Autor',
    created: 'Criada',
    reviewer: 'Revisor',
    comment: 'Comentário',
    published: 'Publicada',
    restoredFrom: 'Restaurada da versão',
    changes: 'Alterações em relação às regras publicadas',
    examples: 'Resultados dos exemplos',
    problems: 'Problemas',
    noProblems: 'A verificação das regras passa.',
    review: 'Revisão',
    commentLabel: 'Comentário (obrigatório para devolver)',
    approve: 'Aprovar',
    sendBack: 'Devolver',
    publish: 'Publicar',
    restore: 'Restaurar esta versão',
    done: {
      approve: 'Aprovada. Uma pessoa aprovadora já pode publicá-la.',
      sendBack: 'Devolvida ao autor.',
      publish: 'Publicada: vale a partir de agora.',
      restore: (id: number) =>
        `Restaurada como versão de rascunho ${id}, a ser aprovada e publicada.`,
    },
    refused: 'Recusado:',
    baseMoved: (country: string, base: string, now: string) =>
      `Este rascunho foi feito a partir da ${base} de ${country}, mas a ${now} foi publicada depois. As alterações abaixo são em relação à ${now}: aprovar este rascunho também aprova desfazer tudo o que a ${now} mudou e que este rascunho não muda de novo. Se não for essa a intenção, devolva-o para que o autor refaça a alteração sobre as regras publicadas agora.`,
    approvalStale: (country: string, base: string, now: string) =>
      `Este rascunho foi aprovado em relação à ${base} de ${country}, mas a ${now} foi publicada depois. A publicação será recusada e a aprovação retirada: ele precisa ser revisado e aprovado de novo em relação às regras publicadas agora.`,
    versionName: (version: number | null) =>
      version === null ? 'versão das regras do arquivo' : `versão ${version}`,
  },
  statuses: {
    seed: 'inicial (o arquivo)',
    seedNoFile: 'inicial (sem arquivo próprio)',
    draft: 'rascunho',
    approved: 'aprovada',
    sent_back: 'devolvida',
    published: 'publicada',
  },
  list: {
    nouns: { currency: 'Moeda', country: 'País', value: 'Valor', item: 'Item' },
    add: (noun: string) => `Adicionar ${noun.toLowerCase()}`,
    moveUp: (name: string) => `Mover ${name} para cima`,
    moveDown: (name: string) => `Mover ${name} para baixo`,
    remove: (name: string) => `Remover ${name}`,
    empty: 'Nenhum ainda.',
  },
  loading: 'Carregando',
  loadFailed: 'Não foi possível carregar esta página: ',
  retry: 'Tentar de novo',
  notFound: 'Essa página não existe no console.',
  language: 'Idioma',
  sessionEnded: 'Sua sessão da equipe terminou: entre de novo.',
  unreachable: 'Não é possível falar com o servidor. Verifique a conexão e tente de novo.',
  serverAnswered: (status: number) => `O servidor respondeu ${status}.`,
  countryStatus: {
    fileOnly: 'Regras do arquivo em country-rules/ (nunca publicadas no console).',
    published: (version: number) => `Versão publicada ${version}.`,
    rulesVersion: (version: number) => `Versão das regras em uso: ${version}.`,
  },
  fieldRules: {
    heading: 'Campos que o arquivo define',
    lead: 'Adicione uma regra para qualquer campo de um formulário, remova uma regra ou desative um campo (o formulário deixa de pedi-lo). O que o arquivo não define vem das regras compartilhadas que ele segue.',
    sections: {
      address: 'Formulário de endereço',
      bankAccount: 'Formulário de conta bancária',
      identity: 'Números de identidade (perfil de pessoa)',
    },
    methodMap: (form: string, method: string) => `${form}, só ${method}`,
    hasRule: 'regra',
    off: 'desativado',
    none: 'O arquivo não define nenhum campo deste formulário.',
    otherField: (form: string) => `Outro campo do ${form.toLowerCase()}`,
    addRule: 'Adicionar regra',
    removeRule: 'Remover regra',
    turnOff: 'Desativar',
    turnOn: 'Reativar',
  },
  create: {
    heading: 'Criar um país',
    lead: 'Um país sem arquivo próprio segue as regras compartilhadas (a regra genérica, ou a regra IBAN para um país do registro IBAN). Comece o arquivo próprio a partir de um modelo; o rascunho é verificado, revisado e publicado como qualquer outro.',
    country: 'País sem arquivo',
    template: 'Modelo',
    templates: {
      iban: 'País IBAN',
      wire: 'Só transferência SWIFT',
      clearing: 'Código de compensação nacional',
    },
    templateHints: {
      iban: 'Um IBAN do país com o BIC do banco (estende a regra IBAN compartilhada).',
      wire: 'Um número de conta e o BIC do banco, para uma transferência internacional.',
      clearing: 'O código de compensação nacional (do banco ou da agência) com um número de conta.',
    },
    open: 'Abrir no editor',
    noFile: (code: string, governedBy: string) =>
      `${code} não tem arquivo de regras próprio: segue ${governedBy}.`,
    newFile: (code: string, governedBy: string) =>
      `Um arquivo de regras novo para ${code}, feito a partir de um modelo. Até ser publicado, ${code} segue ${governedBy}.`,
    loading: 'Criando o arquivo a partir do modelo',
  },
  retire: {
    heading: 'Retirar o arquivo deste país',
    lead: (code: string) =>
      `Depois de publicado, ${code} volta a seguir as regras compartilhadas (a regra genérica, ou uma regra compartilhada que o liste). A retirada é um rascunho: um aprovador o revisa e publica, e restaurar uma versão com o arquivo o traz de volta.`,
    button: 'Retirar o arquivo',
    saving: 'Salvando…',
    saved: (id: number) =>
      `Salvo como rascunho, versão ${id}: retira o arquivo. Um aprovador o revisa em seguida.`,
  },
  editorLabels: {
    country: 'Arquivo de regras (código do país)',
    name: 'Nome do país',
    extends: 'Estende a regra compartilhada',
    countries: 'Países que usam esta regra compartilhada',
    source: 'Fonte',
    notes: 'Observações',
    address: 'Formulário de endereço',
    bankAccount: 'Formulário de conta bancária',
    identity: 'Números de identificação (perfil da pessoa)',
    fields: 'Campos',
    methods: 'Por tipo de transferência',
    transferMethods: 'Tipos de transferência',
    transferMethodNames: 'Nomes locais dos tipos de transferência',
    payoutTypes: 'Outros métodos de recebimento que um residente pode adicionar',
    currencies: 'Moedas',
    required: 'Obrigatório',
    pattern: 'Padrão (expressão regular, ancorada com ^ e $)',
    minLength: 'Comprimento mínimo',
    maxLength: 'Comprimento máximo',
    enum: 'Valores aceitos',
    label: 'Chave do rótulo (locales/*/fields.json)',
    help: 'Chave da ajuda (locales/*/fields.json)',
    messages: 'Chaves de mensagem por verificação (locales/*/validation.json)',
    iban: 'Verificação do IBAN',
    bic: 'Verificação do BIC',
    abaRouting: 'Soma de verificação do número de roteamento ABA',
    clabe: 'Dígito verificador da CLABE',
    cbu: 'Dígitos verificadores do CBU',
    ukModulus: 'Verificação de módulo britânica com o campo',
    taxId: 'Verificação do número fiscal',
    description: 'Descrição',
  },
  format: {
    legend: (field: string) => `Formato de ${field}`,
    mode: 'Formato',
    modes: {
      none: 'Sem formato próprio',
      characters: 'Caracteres e comprimento',
      mask: 'Uma forma fixa (como 99-99-99)',
      prefix: 'Começa com um de …',
      oneOf: 'Um destes valores',
      advanced: 'Digitado à mão (avançado)',
    },
    set: 'Caracteres',
    rest: 'Depois',
    sets: {
      digits: 'Somente dígitos',
      upper: 'Letras maiúsculas',
      letters: 'Letras',
      upperDigits: 'Letras maiúsculas e dígitos',
      lettersDigits: 'Letras e dígitos',
    },
    min: 'Comprimento de',
    max: 'a',
    lengthMissing: 'Comprimento: escreva um número inteiro em “de” e em “a”.',
    lengthOrder: (least: number) => `Comprimento: “a” deve ser pelo menos ${least}.`,
    inherited: 'Este arquivo não define um formato próprio; as regras que ele segue pedem',
    mask: 'Forma',
    maskHelp:
      'Escreva um exemplo da forma: 9 é um dígito, A uma letra maiúscula, a qualquer letra, X uma letra maiúscula ou dígito, x qualquer letra ou dígito; qualquer outro caractere vale por si mesmo (\\9 para o próprio dígito nove), e ? depois dele o torna opcional (99999-?999).',
    maskNoClass:
      'Forma: escreva pelo menos um 9, A, a, X ou x; os outros caracteres valem por si mesmos.',
    prefixes: 'Começa com um destes, um por linha',
    prefixesMissing: 'Começa com: escreva pelo menos um início.',
    values: 'Valores aceitos, um por linha',
    valuesMissing: 'Valores aceitos: escreva pelo menos um valor.',
    advancedHelp:
      'Digite o padrão no campo acima: uma expressão regular ancorada com ^ e $, verificada ao salvar o rascunho.',
    check: 'Verificação',
    checks: {
      none: 'Sem verificação',
      iban: 'IBAN (formato e dígitos de controle)',
      bic: 'Código BIC / SWIFT',
      abaRouting: 'Número de roteamento ABA dos EUA (soma de verificação)',
      clabe: 'CLABE mexicana (dígito de controle)',
      cbu: 'CBU argentino (dígitos de controle)',
      ukModulus: 'Conta do Reino Unido com seu sort code (verificação de módulo)',
      taxId: 'Número fiscal nacional (formato e dígitos de controle)',
    },
    ibanCountries: 'IBANs destes países (códigos; vazio: este país)',
    ibanCountriesFormat:
      'IBANs destes países: códigos de duas letras separados por espaços, p. ex. FR BL.',
    sortField: 'Campo com o sort code',
    sortFieldFormat:
      'Campo com o sort code: um nome de campo de letras e dígitos, p. ex. sortCode.',
    taxScheme: 'Número fiscal',
    taxSchemes: {
      'AR.cuit': 'Argentina: CUIT',
      'BR.cpf': 'Brasil: CPF',
      'CA.sin': 'Canadá: SIN',
      'DE.idnr': 'Alemanha: número fiscal (Steuer-IdNr)',
      'ES.nif': 'Espanha: NIF',
      'FR.nif': 'França: número fiscal (numéro fiscal)',
      'GB.nino': 'Reino Unido: número do seguro nacional (NINO)',
      'IN.pan': 'Índia: PAN',
      'IT.codicefiscale': 'Itália: codice fiscale',
      'MX.rfc': 'México: RFC',
      'NL.bsn': 'Países Baixos: BSN',
      'UA.rntrc': 'Ucrânia: RNTRC',
    },
    samples: 'Valores de exemplo, verificados com as regras compiladas do rascunho',
    madeToPass: 'Feitos para passar',
    madeToFail: 'Feitos para falhar',
    passes: 'passa',
    fails: 'falha',
    checking: 'verificando…',
    absent: 'não está em nenhum formulário do rascunho',
    shouldPass: '(deveria passar: outra regra do rascunho o recusa)',
    shouldFail: '(deveria falhar: o rascunho o aceita)',
  },
  roles: { editor: 'editor', approver: 'aprovador' },
  actions: {
    publish: 'publicada',
    'publish.refused': 'publicação recusada',
    'draft.save': 'rascunho salvo',
    'draft.refused': 'rascunho recusado',
    'draft.restore': 'restaurada como rascunho',
    'draft.retire': 'retirada em rascunho',
    'draft.approve': 'aprovada',
    'draft.send-back': 'devolvida',
  },
  lastChange: (action: string, by: string, at: string) => `${action} por ${by}, ${at}`,
  versionsTable: {
    version: 'Versão',
    status: 'Estado',
    author: 'Autor',
    created: 'Criada',
    review: 'Revisão',
    link: (id: number) => `Versão ${id}`,
  },
  payoutExample: 'recebimento',
  documentTitle: 'Console de regras · Payee Portal',
  ruleChanges: {
    added: (place: string, value: string) => `${place}: adicionado (${value})`,
    removed: (place: string, was: string) => `${place}: removido (era ${was})`,
    changed: (place: string, from: string, to: string) => `${place}: ${from} → ${to}`,
    exampleAdded: (description: string) => `Exemplo adicionado: ${description}`,
    exampleRemoved: (description: string) => `Exemplo removido: ${description}`,
    fileCreated: (country: string, before: string) =>
      `Um novo arquivo para ${country}: até agora o país seguia ${before}`,
    fileRetired: (country: string, after: string) =>
      `O arquivo próprio de ${country} foi retirado: o país volta a seguir ${after}`,
  },
  errors: {
    generic:
      'O servidor não conseguiu fazer isso. Tente de novo; se continuar falhando, recarregue a página.',
    Unauthorized: 'O e-mail, a senha ou o código do autenticador está errado.',
    Forbidden:
      'Seu papel não permite isso: editores escrevem rascunhos, aprovadores os revisam e publicam.',
    CsrfTokenMissing: 'Falta o token de segurança da página. Recarregue a página e entre de novo.',
    TooManyRequests: 'Muitas solicitações ao mesmo tempo. Aguarde um momento e tente de novo.',
    TooManyAttempts:
      'Muitas tentativas de acesso com falha. Aguarde alguns minutos e tente de novo.',
    Locked:
      'Esta conta está bloqueada após muitas tentativas de acesso com falha. Um administrador precisa desbloqueá-la.',
    ServiceUnavailable:
      'O servidor não consegue acessar o banco de dados agora. Tente de novo em instantes.',
    ServiceBusy: 'O servidor está ocupado. Tente de novo em alguns segundos.',
    InternalError:
      'Algo deu errado no servidor. Tente de novo; se continuar falhando, avise a equipe que mantém o console.',
    NotFound: 'Não encontrado: talvez não exista mais.',
    ValidationError:
      'O servidor não conseguiu ler o que foi enviado. Recarregue a página e tente de novo.',
    AlreadyExists: 'Já existe uma conta da equipe com este e-mail.',
    Disabled: 'Esta conta da equipe está desativada. Fale com um administrador.',
    EnrolmentLinkInvalid:
      'Este link de cadastro já foi usado, expirou ou foi substituído. Peça um novo a um administrador.',
    WeakPassword: 'A senha é curta demais ou comum demais.',
    WrongCredentials: 'A senha atual ou o código do autenticador está errado.',
    AuthenticatorChanged: 'O novo autenticador foi substituído nesse meio-tempo. Comece de novo.',
    AuthenticatorNotStarted: 'Adicione primeiro o novo autenticador e depois digite o código dele.',
    CodeWrong:
      'Esse não é o código atual do novo autenticador. Verifique se o aplicativo mostra esta conta e se o relógio do celular está certo.',
    ImportAuthorMissing: 'Uma importação precisa indicar a pessoa da equipe que a assina.',
    ImportAuthorUnknown: 'A pessoa indicada pela importação não tem conta da equipe.',
    CountryMissing: 'Não há regras para este código de país.',
    CountryHasFile: 'Este país tem regras próprias: edite-as.',
    NothingToRetire:
      'Este país não tem arquivo próprio para retirar: ele já segue as regras compartilhadas.',
    SharedRuleKept:
      'Esta é uma regra compartilhada que outros países seguem: não pode ser retirada.',
    IbanUnknown:
      'Este país não emite IBAN (não está no registro IBAN da SWIFT): escolha outro modelo.',
    VersionMissing: 'Essa versão não existe.',
    RulesInvalid: 'Estas regras não passam na verificação. Cada problema aparece no seu campo.',
    RulesTooLarge: 'Estas regras são grandes demais para verificar. Encurte o arquivo.',
    TooManyPatterns: 'Estas regras têm padrões demais para verificar. Remova alguns.',
    RulesCheckTimedOut:
      'A verificação destas regras demorou demais e foi interrompida. Simplifique os padrões ou tente de novo.',
    RulesChecksBusy: 'O servidor está verificando outras regras. Tente de novo em alguns segundos.',
    ChecksInProgress:
      'Algumas das suas verificações de regras ainda estão em andamento. Aguarde os resultados e tente de novo.',
    DraftBaseMoved:
      'Outras regras foram publicadas para este país desde que esta página foi aberta. Recarregue-a e revise a alteração ou refaça-a sobre as regras publicadas agora.',
    CommentRequired: 'Diga o que mudar ao devolver um rascunho.',
    FourEyes: 'Você escreveu esta versão: outra pessoa aprovadora precisa revisá-la e publicá-la.',
    NotADraft: 'Esta versão não é mais um rascunho aguardando revisão. Recarregue a página.',
    NotApproved: 'Esta versão não está aprovada ou mudou nesse meio-tempo. Recarregue a página.',
    NotPublished: 'Só uma versão publicada pode ser restaurada.',
    PublishRaced: 'Outra versão foi publicada enquanto esta era verificada. Publique de novo.',
    PublishRefused: 'A publicação foi recusada: as regras não passam na verificação completa.',
  },
  lockedFor: (minutes: number) =>
    `Muitas tentativas de acesso com falha. Tente de novo em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  findings: {
    'schema.required': (p: FindingParams) => `${at(p)}: falta “${p.property}”.`,
    'schema.unknownProperty': (p: FindingParams) =>
      `${at(p)}: “${p.property}” não é algo que um arquivo de regras possa dizer.`,
    'schema.enum': (p: FindingParams) => `${at(p)}: escolha um destes valores: ${p.allowed}.`,
    'schema.type': (p: FindingParams) => `${at(p)}: tem de ser ${kinds(p)}.`,
    'schema.invalid': (p: FindingParams) =>
      `${at(p)} não segue o formato do arquivo de regras (${p.keyword}).`,
    'pattern.invalid': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” não é um padrão válido (${p.error}).`,
    'pattern.unanchored': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” tem de começar com ^ e terminar com $, para que o valor inteiro seja verificado.`,
    'pattern.backtracks': (p: FindingParams) =>
      `${p.path}: “${p.pattern}” pode demorar demais com um valor como “${p.attack}”. Escreva-o sem um grupo repetido dentro de uma repetição (o construtor de formatos nunca o faz).`,
    'pattern.unproven': (p: FindingParams) =>
      `${p.path}: não foi possível mostrar que “${p.pattern}” não demora demais com alguns valores. Escreva-o de forma mais simples, ou com o construtor de formatos.`,
    'message.missing': (p: FindingParams) =>
      `${p.path} indica a mensagem “${p.key}”, que falta em ${p.languages}. Escreva-a no painel de mensagens.`,
    'currency.unknown': (p: FindingParams) =>
      `${p.path}: ${p.currency} não é um código de moeda ISO 4217.`,
    'country.misnamed': (p: FindingParams) =>
      `O arquivo diz ser de “${p.country}”, mas é o arquivo de ${p.name}.`,
    'extends.missing': (p: FindingParams) =>
      `O arquivo estende a regra partilhada “${p.rule}”, que não existe.`,
    'countries.ownFile': (p: FindingParams) =>
      `A lista indica ${p.country}, que tem um arquivo próprio: faça esse arquivo estender ${p.rule}, ou retire ${p.country} da lista.`,
    'rules.notComposed': (p: FindingParams) =>
      `Não é possível montar os formulários com estas regras (${p.error}).`,
    'example.otherCountry': (p: FindingParams) =>
      `O exemplo testa o seu registro como ${p.country}; um exemplo do arquivo de um país usa esse país.`,
    'example.notGoverned': (p: FindingParams) => `${p.country} não segue este arquivo de regras.`,
    'example.notRun': (p: FindingParams) => `Não foi possível executar o exemplo (${p.error}).`,
    'example.shouldPass': (p: FindingParams) => `Devia passar, mas falha: ${p.errors}.`,
    'example.passedInstead': (p: FindingParams) =>
      `Devia falhar em ${p.path} por “${p.keyword}”, mas passa.`,
    'example.failedElsewhere': (p: FindingParams) =>
      `Devia falhar em ${p.path} por “${p.keyword}”, mas falha com ${p.errors}.`,
    'payout.unknownType': (p: FindingParams) => `“${p.type}” não é um método de pagamento.`,
    'payout.shouldBeOffered': (p: FindingParams) =>
      `${p.type} devia ser oferecido em ${p.country}, mas não é.`,
    'payout.shouldNotBeOffered': (p: FindingParams) =>
      `${p.type} não devia ser oferecido em ${p.country}, mas é.`,
    'payout.currencies': (p: FindingParams) =>
      `${p.type} em ${p.country} devia receber ${p.expected}, mas recebe ${p.received || 'nada'}.`,
    'draft.otherCountry': (p: FindingParams) =>
      `O arquivo diz ser de “${p.country}”, mas o rascunho é de ${p.draft}.`,
    'import.badName': (p: FindingParams) => `“${p.name}” não é um nome de arquivo de regras.`,
  },
  exampleForms: {
    address: 'Endereço',
    'bank-account': 'Conta bancária',
    payout: 'Método de recebimento',
    'profile-person': 'Perfil da pessoa',
  },
};
