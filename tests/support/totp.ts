/** Authenticator steps, for the harnesses that enrol staff the way a staff member does. */

/** An authenticator step (RFC 6238's 30 s). */
export const STEP_MS = 30_000;
/** Less than this left in the current step, and the previous code may be too old on arrival. */
const MARGIN_MS = 5_000;

/**
 * A time in the 30-second step before the current one: enrolment uses that step's code so the
 * current code still signs in afterwards (the server never takes a code twice). The server accepts
 * one step either side of its own, so a code made near a step's end would be two steps old when a
 * busy machine delivers it: wait for the next step first then.
 */
export async function previousStepTime(): Promise<number> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return Date.now() - STEP_MS;
}
