// Time-based one-time passwords (RFC 6238) for staff sign-in, with the maintained `otpauth`
// library: SHA-1, 6 digits, 30 s steps (what every authenticator app reads from the URI).
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'Payee Portal console';

const totpFor = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new random secret (160 bits, base32) and its otpauth:// URI for an authenticator app. */
export function newTotpSecret(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, label).toString() };
}

/** The otpauth:// URI of a secret, for an authenticator app (its label: the account's email). */
export const totpSecretUri = (secretBase32: string, label: string): string =>
  totpFor(secretBase32, label).toString();

/** The code of a secret at a time (tests and the CLI's self-check). */
export const totpCode = (secretBase32: string, timestamp = Date.now()): string =>
  totpFor(secretBase32, 'x').generate({ timestamp });

/**
 * The time step a code belongs to, within one step either side of now (clock drift), or null.
 * The caller refuses a step not after the last one accepted, so a code is used once.
 */
export function totpStep(
  secretBase32: string,
  code: string,
  timestamp = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}
