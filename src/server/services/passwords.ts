// Password hashing with Argon2id at OWASP's minimum (19 MiB, 2 iterations, 1 lane), OWASP's first
// choice; hashes of the earlier scrypt scheme still verify and are rehashed at sign-in, as is any
// hash made with other parameters. A blocklist of common passwords sits on top of the register
// form's rules.
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ApiError, serviceBusy, type ApiFieldError } from '../errors';

/**
 * Hashes run on libuv's thread pool (4 threads), which file reads and DNS lookups share, and each
 * takes a core for a while (Argon2id ~20 ms here, a legacy scrypt hash ~300 ms). At most this many
 * run at once per process; the rest wait in line in arrival order, so a burst of sign-ins neither
 * starves the static files nor makes every hash slower.
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

export interface Argon2Params {
  /** KiB of memory. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The library's enum is `const` (not importable as a value here): Argon2id is 2. */
const ARGON2ID = 2 as Algorithm.Argon2id;

/** OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID_PARAMS: Readonly<Argon2Params> = Object.freeze({
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
});
export const ARGON2_PARAMS = OWASP_ARGON2ID_PARAMS;

/** Stored hashes above these costs are refused rather than computed (a corrupt row is no DoS). */
const MAX_ARGON2 = { memoryCost: 256 * 1024, timeCost: 16, parallelism: 8 };
const MAX_SCRYPT_N = 2 ** 20;

export async function hashPassword(
  password: string,
  params: Argon2Params = ARGON2_PARAMS,
): Promise<string> {
  return hashLine.run(() =>
    argon2Hash(password.normalize('NFKC'), { algorithm: ARGON2ID, ...params }),
  );
}

/** m, t and p of a PHC-format Argon2id hash: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
function argon2ParamsOf(stored: string): Argon2Params | undefined {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(
    stored,
  );
  if (!match) return undefined;
  const params = {
    memoryCost: Number(match[1]),
    timeCost: Number(match[2]),
    parallelism: Number(match[3]),
  };
  const withinLimits =
    params.memoryCost <= MAX_ARGON2.memoryCost &&
    params.timeCost >= 1 &&
    params.timeCost <= MAX_ARGON2.timeCost &&
    params.parallelism >= 1 &&
    params.parallelism <= MAX_ARGON2.parallelism;
  return withinLimits ? params : undefined;
}

interface ScryptHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

/** The earlier scheme: `scrypt$N$r$p$salt$key` (base64), verified until its owner signs in. */
function parseScryptHash(stored: string): ScryptHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo =
    Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_SCRYPT_N) return undefined;
  if (![params.r, params.p].every((v) => Number.isInteger(v) && v >= 1 && v <= 16))
    return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const normalized = password.normalize('NFKC');
  if (argon2ParamsOf(stored))
    return hashLine
      .run(() => argon2Verify(stored, normalized))
      .catch((error: unknown) => {
        if (error instanceof ApiError) throw error; // busy: retryable, not a wrong password
        return false;
      });
  const legacy = parseScryptHash(stored);
  if (!legacy || legacy.key.length === 0) return false;
  const { N, r, p } = legacy.params;
  const actual = await scrypt(normalized, legacy.salt, legacy.key.length, {
    N,
    r,
    p,
    // scrypt needs 128·N·r bytes; node's default maxmem (32 MiB) is below N=2^17.
    maxmem: 128 * N * r + 16 * 1024 * 1024,
  });
  return timingSafeEqual(actual, legacy.key);
}

/** True when the stored hash is not Argon2id at today's parameters: rehash on sign-in. */
export function needsRehash(stored: string): boolean {
  const params = argon2ParamsOf(stored);
  return (
    !params ||
    params.memoryCost !== ARGON2_PARAMS.memoryCost ||
    params.timeCost !== ARGON2_PARAMS.timeCost ||
    params.parallelism !== ARGON2_PARAMS.parallelism
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

/** The field error of a password on the blocklist: registration and a reset say the same. */
export const commonPasswordError = (password: string): ApiFieldError | undefined =>
  isCommonPassword(password)
    ? {
        path: '/password',
        keyword: 'commonPassword',
        messageKey: 'password.common',
        params: {},
        message: 'This password is too common; choose another one.',
      }
    : undefined;

/** A hash to compare against when the email is unknown, so timing does not reveal accounts. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
