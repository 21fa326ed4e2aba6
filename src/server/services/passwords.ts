// Password hashing with scrypt (N=2^15, r=8, p=1; OWASP's minimum for scrypt) and a blocklist of
// common passwords on top of the register form's rules.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    },
  );
  return timingSafeEqual(actual, expected);
}

// The most common passwords that still pass the register rules (8+, a letter and a digit),
// from public breach-corpus frequency lists (NCSC/HIBP top 100k, SecLists).
const BLOCKLIST = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

export const isCommonPassword = (password: string): boolean =>
  BLOCKLIST.has(password.toLowerCase());

/** A hash to compare against when the email is unknown, so timing does not reveal accounts. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
