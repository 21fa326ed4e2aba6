// Password hashing with scrypt at OWASP's current parameters (N=2^17, r=8, p=1), a rehash on
// sign-in when a stored hash was made with other parameters, and a blocklist of common passwords
// on top of the register form's rules.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
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
