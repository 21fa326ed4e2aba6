// Live status changes of spec section 4: where a status change seen by the poll sends the user.

const BLOCKED = new Set(['LOCKED', 'DEACTIVATED']);

/** The page a status change leads to, or null when the change moves nobody. */
export function liveStatusTarget(previous: string, next: string): string | null {
  if (previous === next) return null;
  if (previous === 'ACTIVATED') {
    if (next.startsWith('ID_PROOFING_')) return '/id-proofing';
    if (BLOCKED.has(next)) return '/account-blocked';
    if (next === 'ON_HOLD') return '/dashboard';
    return null;
  }
  if (BLOCKED.has(previous) && next === 'ACTIVATED') return '/dashboard';
  return null;
}
