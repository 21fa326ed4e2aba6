// /auth/register?claim_id=...&user_id=... (spec section 2): both → sign in; a signed-in user → root;
// otherwise the email comes from the token (user_id first, else claim_id); no email → sign in.
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { useGetPrincipalQuery, useGetTokenInfoQuery } from '../api/auth-api';

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

export default function RegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const claimId = params.get('claim_id');
  const userId = params.get('user_id');
  const principal = useGetPrincipalQuery();
  const tokenId = userId ?? claimId;
  // A failed token lookup is swallowed: no email, so the user goes to sign in.
  const token = useGetTokenInfoQuery(tokenId ?? '', {
    skip: !tokenId || Boolean(claimId && userId),
  });
  const signedIn = principal.isSuccess ? true : principal.isError ? false : undefined;
  const resolution = resolveRegistration({
    claimId,
    userId,
    signedIn,
    tokenEmail: token.data?.email,
    tokenSettled: token.isSuccess || token.isError,
  });
  if (resolution === 'loading') return <Spinner />;
  if ('go' in resolution) return <Navigate to={resolution.go} replace />;
  return (
    <section className="tile-page" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      <p>{t('register.forEmail', { email: token.data?.email })}</p>
    </section>
  );
}
