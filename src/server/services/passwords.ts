// Password hashing with scrypt at OWASP's current parameters (N=2^17, r=8, p=1), a rehash on
// sign-in when a stored hash was made with other parameters, and a blocklist of common passwords
// on top of the register form's rules.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serviceBusy } from '../errors';

/**
 * scrypt runs on libuv's thread pool (4 threads), which file reads and DNS lookups share, and each
 * hash takes a core for a few hundred milliseconds. At most this many run at once per process; the
 * rest wait in line in arrival order, so a burst of sign-ins neither starves the static files nor
 * makes every hash slower.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism()));
/**
 * A hash that has waited this long in line is refused with a retryable 503 ServiceBusy, so an
 * overloaded process answers well inside a client's 30 s instead of letting it time out.
 */
export const HASH_QUEUE_WAIT_MS = 15_000;

export class HashLine {
  constructor(
    private readonly concurrency = HASH_CONCURRENCY,
    private readonly maxWaitMs = HASH_QUEUE_WAIT_MS,
  ) {}

  private running = 0;
  private readonly waiting: { start: () => void; refuse: () => void; queuedAt: number }[] = [];
  /** A moving average of one hash's duration, to tell at arrival whether the wait is too long. */
  private averageMs = 0;

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      const expectedWaitMs = ((this.waiting.length + 1) * this.averageMs) / this.concurrency;
      if (expectedWaitMs > this.maxWaitMs) throw serviceBusy();
      await new Promise<void>((start, reject) =>
        this.waiting.push({ start, refuse: () => reject(serviceBusy()), queuedAt: Date.now() }),
      );
    } else this.running++;
    const startedAt = performance.now();
    try {
      return await work();
    } finally {
      const ms = performance.now() - startedAt;
      this.averageMs = this.averageMs ? this.averageMs * 0.9 + ms * 0.1 : ms;
      this.next();
    }
  }

  /** Hands the slot to the next in line (refusing those that waited too long), or frees it. */
  private next(): void {
    for (let waiter = this.waiting.shift(); waiter; waiter = this.waiting.shift()) {
      if (Date.now() - waiter.queuedAt <= this.maxWaitMs) return waiter.start();
      waiter.refuse();
    }
    this.running--;
  }
}
const hashLine = new HashLine();

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  hashLine.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17 (128 MiB), r=8, p=1. */
export const OWASP_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({
  N: 2 ** 17,
  r: 8,
  p: 1,
});

/**
 * The parameters new hashes get: OWASP's. Only under NODE_ENV=test, SCRYPT_COST_OVERRIDE (log2 N,
 * 10..17) lowers N so the API suite, which registers hundreds of users, stays fast; anywhere else
 * the variable is ignored.
 */
function currentParams(env: NodeJS.ProcessEnv = process.env): Readonly<ScryptParams> {
  const override = env.NODE_ENV === 'test' ? Number(env.SCRYPT_COST_OVERRIDE) : NaN;
  return Number.isInteger(override) && override >= 10 && override <= 17
    ? Object.freeze({ ...OWASP_SCRYPT_PARAMS, N: 2 ** override })
    : OWASP_SCRYPT_PARAMS;
}
export const SCRYPT_PARAMS = currentParams();
const KEY_LENGTH = 32;
/** Stored hashes above this cost are refused rather than computed (a corrupt row is no DoS). */
const MAX_N = 2 ** 20;

/** scrypt needs 128·N·r bytes; node's default maxmem (32 MiB) is below N=2^17. */
const maxmem = ({ N, r }: ScryptParams): number => 128 * N * r + 16 * 1024 * 1024;

export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...params,
    maxmem: maxmem(params),
  });
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo =
    Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_N) return undefined;
  if (![params.r, params.p].every((v) => Number.isInteger(v) && v >= 1 && v <= 16))
    return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const actual = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.key.length, {
    ...parsed.params,
    maxmem: maxmem(parsed.params),
  });
  return timingSafeEqual(actual, parsed.key);
}

/** True when the stored hash was made with other parameters than today's: rehash on sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.params.N !== SCRYPT_PARAMS.N ||
    parsed.params.r !== SCRYPT_PARAMS.r ||
    parsed.params.p !== SCRYPT_PARAMS.p ||
    parsed.key.length !== KEY_LENGTH
  );
}

// The most common passwords that still pass the register rules (8+, a letter and a digit); the
// file's header names its public sources.
const BLOCKLIST: ReadonlySet<string> = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

/** How many passwords the blocklist holds (ASVS asks for at least 3,000). */
export const COMMON_PASSWORD_COUNT = BLOCKLIST.size;

export const isCommonPassword = (password: string): boolean =>
  BLOCKLIST.has(password.normalize('NFKC').toLowerCase());

/** A hash to compare against when the email is unknown, so timing does not reveal accounts. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
