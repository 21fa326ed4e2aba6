// The fuzzy-match result of a profile save (spec section 4): a RELATIONSHIP_VERIFICATION status is
// kept as the result (the details still do not match the records), any other successful save is
// SUCCESS, and a failed save carries the server's message.
export type FuzzyMatchResult =
  | { kind: 'SUCCESS' }
  | { kind: 'RELATIONSHIP_VERIFICATION'; status: string }
  | { kind: 'FAILED'; message: string | null };

export function fuzzyMatchOfStatus(status: string): FuzzyMatchResult {
  return status.startsWith('RELATIONSHIP_VERIFICATION')
    ? { kind: 'RELATIONSHIP_VERIFICATION', status }
    : { kind: 'SUCCESS' };
}

export function fuzzyMatchOfFailure(failure: unknown): FuzzyMatchResult {
  const data = (failure as { data?: { message?: unknown } } | undefined)?.data;
  return { kind: 'FAILED', message: typeof data?.message === 'string' ? data.message : null };
}
