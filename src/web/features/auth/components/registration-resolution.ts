// Where /auth/register goes (register-route.tsx): sign in, the root, or the register form for the
// invitation's token, from the query, whether the user is signed in and the token's email.
export type RegisterResolution =
  { go: string } | { tokenId: string; claimId: string | null } | 'loading';

export function resolveRegistration(input: {
  claimId: string | null;
  userId: string | null;
  signedIn: boolean | undefined;
  tokenEmail: string | undefined | null;
  tokenSettled: boolean;
}): RegisterResolution {
  if (input.claimId && input.userId) return { go: '/auth/login' };
  if (input.signedIn === undefined) return 'loading';
  if (input.signedIn) return { go: '/' };
  const tokenId = input.userId ?? input.claimId;
  if (!tokenId) return { go: '/auth/login' };
  if (!input.tokenSettled) return 'loading';
  return input.tokenEmail
    ? { tokenId, claimId: input.userId ? null : input.claimId }
    : { go: '/auth/login' };
}
