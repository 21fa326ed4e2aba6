// One simulated recipient through the real HTTP API, each call to the next server process in turn
// (sessions and codes must work whichever process answers): the admin creates two claims, the
// recipient registers, signs in, verifies the mailed code, saves the profile, passes identity
// proofing, adds bank accounts in the US, Great Britain and Germany, prefers one, and accepts both
// claims with their codes (the second with three concurrent accepts of the same code).
// What each user was told is kept for the database checks.
import { ApiClient, PASSWORD, achAccount, uniqueEmail } from '../bench/client';
import { PERSON, US_ADDRESS } from '../../tests/fixtures/people';
import { CALL_TIMEOUT_MS, type Call, type Outcome, type Recorder } from './record';

export interface Told {
  email: string;
  claimIds: string[];
  /** Payout methods the API answered as created. */
  methods: string[];
  preferred: string | null;
  accepted: { claimId: string; methodId: string }[];
  /** A write whose answer never came (connection lost, timed out): it may or may not exist. */
  unanswered: number;
  finished: boolean;
  failure: string | null;
}

const GB_ACCOUNTS = [
  { sortCode: '083210', accountNumber: '12001039' },
  { sortCode: '201147', accountNumber: '70297690' },
  { sortCode: '089999', accountNumber: '66374958' },
  { sortCode: '107999', accountNumber: '88837491' },
];
const gbAccount = (n: number) => {
  const { sortCode, accountNumber } = GB_ACCOUNTS[n % GB_ACCOUNTS.length]!;
  return {
    countryCode: 'GB',
    transferMethod: 'WIRE',
    nickname: 'Salary',
    sortCode,
    accountNumber,
    accountNumberConfirmation: accountNumber,
    addressLine1: '12 Harbour Road',
    addressCity: 'Capital City',
    addressCountryCode: 'GB',
  };
};
const DE_ACCOUNT = {
  countryCode: 'DE',
  transferMethod: 'WIRE',
  nickname: 'Girokonto',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'DEUTDEFF',
};

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
}

class JourneyFailed extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The error code of a refusal `{code, message: "Name: ..."}`. */
function codeOf(body: Json): string {
  const message = typeof body.message === 'string' ? body.message : '';
  const match = /^([A-Za-z]+):/.exec(message);
  return match?.[1] ?? '';
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof Error && (error.message === 'fetch failed' || error.name === 'TypeError'))
    return 'conn';
  return 'error';
}

/** What a failed fetch says of its connection (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...). */
function causeOf(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '';
}

async function rawJson(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { text };
  }
  return { status: response.status, body: json };
}

export interface JourneyContext {
  origins: readonly string[];
  adminKey: string;
  recorder: Recorder;
  /** How long a step keeps retrying 503s and connection errors (other process, backoff). */
  retryMs: number;
  /** A person's pause between two steps (reading, typing): random around this mean; 0 for none. */
  thinkMs: number;
  serial: number;
}

export async function runJourney(context: JourneyContext): Promise<Told> {
  const { origins, recorder } = context;
  const told: Told = {
    email: uniqueEmail('soak'),
    claimIds: [],
    methods: [],
    preferred: null,
    accepted: [],
    unanswered: 0,
    finished: false,
    failure: null,
  };
  let turn = context.serial;
  const nextOrigin = () => origins[turn++ % origins.length]!;
  const client = new ApiClient(origins[0]!);

  /** One timed call: its outcome recorded; a hang past CALL_TIMEOUT_MS counts as `timeout`. */
  async function once(kind: string, call: (origin: string) => Promise<Answer>) {
    const origin = nextOrigin();
    const startedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CALL_TIMEOUT_MS);
    });
    let outcome: Outcome;
    let answer: Answer | null = null;
    let failure = '';
    try {
      const result = await Promise.race([call(origin), timeout]);
      if (result === 'timeout') outcome = 'timeout';
      else {
        answer = result;
        outcome = result.status;
      }
    } catch (error) {
      outcome = outcomeOf(error);
      failure = causeOf(error);
    } finally {
      clearTimeout(timer);
    }
    const recorded: Call = {
      kind,
      origin,
      outcome,
      code: answer ? codeOf(answer.body) : failure,
      startedAt,
      ms: performance.now() - startedAt,
    };
    recorder.add(recorded);
    return { outcome, answer, recorded };
  }

  /**
   * A step: retried on 503 and connection errors (each time on the next process) for up to
   * `retryMs`; after a lost answer, `afterLoss` statuses also count as done (the first try may
   * have succeeded). Anything else ends the journey.
   */
  async function step(
    kind: string,
    ok: number[],
    call: (origin: string) => Promise<Answer>,
    afterLoss: number[] = [],
  ): Promise<Answer> {
    if (context.thinkMs) await sleep(context.thinkMs * (0.5 + Math.random()));
    const deadline = performance.now() + context.retryMs;
    let lost = false;
    for (let attempt = 0; ; attempt++) {
      const { outcome, answer, recorded } = await once(kind, call);
      if (answer && ok.includes(answer.status)) return answer;
      if (answer && lost && afterLoss.includes(answer.status)) {
        recorded.afterLoss = true;
        return answer;
      }
      const retryable = outcome === 503 || outcome === 'conn' || outcome === 'timeout';
      // A 503 is not proof that nothing was written: under pool saturation a write can commit and
      // a later query of the same request answer 503 (seen at 200 users), so it counts as lost.
      if (outcome === 'conn' || outcome === 'timeout' || outcome === 503) lost = true;
      if (!retryable || performance.now() > deadline)
        throw new JourneyFailed(
          `${kind}: ${String(outcome)} ${answer ? JSON.stringify(answer.body).slice(0, 200) : ''}`,
        );
      await new Promise((r) => setTimeout(r, Math.min(2_000, 200 * 2 ** attempt)));
    }
  }

  const api = (method: string, path: string, body?: unknown) => async (origin: string) => {
    client.origin = origin;
    const answer = await client.api(method, path, body);
    return answer as Answer;
  };
  const admin = (path: string, body: unknown) => (origin: string) =>
    rawJson('POST', `${origin}/master/admin/v1${path}`, { 'x-admin-key': context.adminKey }, body);
  const otp = async (kind: string): Promise<string> => {
    const answer = await step(kind, [200], (origin) =>
      rawJson('GET', `${origin}/master/dev/v1/outbox?to=${encodeURIComponent(told.email)}`, {}),
    );
    const code = (answer.body.data as { otp: string | null }[]).find((m) => m.otp)?.otp;
    if (!code) throw new JourneyFailed(`${kind}: no code in the outbox`);
    return code;
  };
  /** A write whose answer may have been lost: noted, since a row may exist that no one was told of. */
  const write = async (kind: string, ok: number[], call: (o: string) => Promise<Answer>) => {
    const before = recorder.calls.length;
    try {
      return await step(kind, ok, call);
    } finally {
      if (
        recorder.calls
          .slice(before)
          .some(
            (c) =>
              c.kind === kind &&
              (c.outcome === 'conn' || c.outcome === 'timeout' || c.outcome === 503),
          )
      )
        told.unanswered++;
    }
  };
  const data = (answer: Answer) => answer.body.data as Json;

  try {
    for (let i = 0; i < 2; i++) {
      const created = await write(
        'admin create claim',
        [201],
        admin('/claims', { email: told.email, amount: '125.50', currency: 'USD' }),
      );
      told.claimIds.push(((data(created).claim as Json).id as string) ?? '');
    }
    await step(
      'register',
      [200, 201],
      api('POST', '/me', {
        data: { email: told.email, termsAccepted: true },
        password: PASSWORD,
        claimId: told.claimIds[0],
      }),
      [409],
    );
    await step('sign in', [303], async (origin) => {
      client.origin = origin;
      return { status: await client.signIn(told.email), body: {} };
    });
    await step('send verify code', [200, 201, 204], api('POST', '/me/verify/otp', {}));
    const verifyCode = await otp('outbox read');
    await step('verify', [200, 204], api('PUT', '/me/verify', { otp: verifyCode }), [400, 409]);
    await step(
      'save profile',
      [200],
      api('PATCH', '/me', { profileType: 'PERSON', person: PERSON, addresses: [US_ADDRESS] }),
    );
    const proofing = await step(
      'id proofing',
      [200, 201],
      api('POST', '/id-proofing/start'),
      [409],
    );
    if (proofing.status !== 409 && data(proofing).status !== 'ACTIVATED')
      throw new JourneyFailed(`id proofing: ${String(data(proofing).status)}`);
    await step('attach claim', [200], api('POST', '/claims', { claimId: told.claimIds[1] }));

    const bodies = [achAccount('Soak checking'), gbAccount(context.serial), DE_ACCOUNT];
    for (const body of bodies) {
      const created = await write(
        `add bank account ${String(body.countryCode)}`,
        [200, 201],
        api('POST', '/payment-methods/bank-accounts', body),
      );
      told.methods.push((data(created).bankAccount as Json).id as string);
    }
    const [achId] = told.methods;
    const preferred = told.methods[context.serial % told.methods.length]!;
    await step(
      'set preferred',
      [200, 204],
      api('POST', '/payment-methods/preferred', { id: preferred }),
    );
    told.preferred = preferred;

    const listed = await step('list claims', [200], api('GET', '/claims'));
    const mine = (listed.body.data as Json[]).map((c) => c.id as string);
    for (const [index, claimId] of told.claimIds.entries()) {
      if (!mine.includes(claimId)) throw new JourneyFailed(`claim ${claimId} is not listed`);
      await step(
        'accept code',
        [200, 201, 204],
        api('POST', `/claims/${claimId}/accept/otp`, { paymentMethodId: achId }),
      );
      const code = await otp('outbox read');
      const accept = api('PUT', `/claims/${claimId}/accept`, { otp: code, paymentMethodId: achId });
      // The second claim: three identical accepts at once (double click, two tabs); paid once.
      const tries = index === 1 ? 3 : 1;
      const answers = await Promise.allSettled(
        Array.from({ length: tries }, () => step('accept claim', [200], accept, [400, 409])),
      );
      const winner = answers.find(
        (a): a is PromiseFulfilledResult<Answer> =>
          a.status === 'fulfilled' && a.value.status === 200,
      );
      if (!winner) throw new JourneyFailed(`accept claim: no accept succeeded`);
      told.accepted.push({ claimId, methodId: achId! });
    }
    told.finished = true;
  } catch (error) {
    told.failure = error instanceof Error ? error.message : String(error);
  }
  return told;
}
