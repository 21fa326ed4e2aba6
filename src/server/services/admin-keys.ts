// Which admin API key a request carries, by name (issue 29 point 5: the audit log says which key
// made each change). Every key is compared, in constant time and without stopping at a match, so
// neither the answer's timing nor its length tells how close a guess came or which key it was.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AdminKey } from '../config';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The name of the key `given` is, or null when it is none of them. */
export function adminKeyNamed(keys: readonly AdminKey[], given: string): string | null {
  const candidate = digest(given);
  let named: string | null = null;
  for (const { name, key } of keys) {
    // Digests have one length, so timingSafeEqual never throws and no length is leaked.
    if (timingSafeEqual(candidate, digest(key)) && named === null) named = name;
  }
  return named;
}
