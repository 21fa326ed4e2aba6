// Field encryption at rest: AES-256-GCM with a random 96-bit nonce per value, a key id (rotation)
// and the owning row as additional data. The key comes from
// APP_ENCRYPTION_KEY (32 bytes, base64 or hex); without it, a key is generated once and kept in
// DATA_DIR/encryption.key, with a warning, so the embedded setup works out of the box.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sealer {
  /**
   * Encrypts `plain` bound to `boundTo`, the row it belongs to (e.g. `payment_methods:<id>`):
   * the binding is AES-GCM additional data, so a value copied into another row fails to open.
   */
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

/** v2: `v2.<key id>.<nonce>.<ciphertext>.<tag>`, bound to its row. */
const VERSION = 'v2';
/** v1 (before key ids and row binding): still readable, never written. */
const LEGACY_VERSION = 'v1';

export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('APP_ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** A short public name for a key (never the key): the first 8 hex digits of its SHA-256. */
export const keyId = (key: Buffer): string =>
  createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Seals with `current`; opens values sealed with `current` or any of `previous` (key rotation:
 * set the new key, keep the old ones readable until every value was sealed again).
 */
export function createSealer(current: Buffer, previous: Buffer[] = []): Sealer {
  const keys = new Map([current, ...previous].map((k) => [keyId(k), k] as const));
  const currentId = keyId(current);
  const decrypt = (key: Buffer, nonce: string, body: string, tag: string, aad?: string) => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  };
  return {
    seal(plain, boundTo) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        currentId,
        nonce.toString('base64'),
        body.toString('base64'),
        cipher.getAuthTag().toString('base64'),
      ].join('.');
    },
    open(sealed, boundTo) {
      const parts = sealed.split('.');
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        const [, nonce, body, tag] = parts as [string, string, string, string];
        return decrypt(current, nonce, body, tag);
      }
      const [version, id, nonce, body, tag] = parts;
      if (version !== VERSION || !id || !nonce || !body || !tag || parts.length !== 5)
        throw new Error('not a sealed value');
      const key = keys.get(id);
      if (!key) throw new Error(`sealed with an unknown key (${id})`);
      return decrypt(key, nonce, body, tag, boundTo);
    },
  };
}

/** The configured key, or the embedded default kept under dataDir. */
/** The card vault's own key: HKDF of the application key, so the two never seal under one key. */
export const cardVaultKey = (appKey: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'payee-portal card vault v1', 32));

export function loadEncryptionKey(
  configured: string | null,
  dataDir: string,
  warn: (message: string) => void,
): Buffer {
  if (configured) return parseKey(configured);
  const file = join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  warn(
    `APP_ENCRYPTION_KEY is not set: using the key in ${file}. Set APP_ENCRYPTION_KEY in production.`,
  );
  return parseKey(readFileSync(file, 'utf8'));
}
