// Field encryption at rest: AES-256-GCM with a random 96-bit nonce per value. The key comes from
// APP_ENCRYPTION_KEY (32 bytes, base64 or hex); without it, a key is generated once and kept in
// DATA_DIR/encryption.key, with a warning, so the embedded setup works out of the box.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('APP_ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

export function createSealer(key: Buffer): Sealer {
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        nonce.toString('base64'),
        body.toString('base64'),
        cipher.getAuthTag().toString('base64'),
      ].join('.');
    },
    open(sealed) {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== VERSION || !nonce || !body || !tag) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** The configured key, or the embedded default kept under dataDir. */
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
