// /auth/register?claim_id=...&user_id=... (spec section 2): both → sign in; a signed-in user → root;
// otherwise the email comes from the token (user_id first, else claim_id); no email → sign in.
// Then the register form, on the tile of the public pages.
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { TilePage } from '../../../components/tile-page';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { useGetPrincipalQuery, useGetTokenInfoQuery } from '../../../api/auth-api';
import { RegisterForm } from './register-form';
import { resolveRegistration } from './registration-resolution';

export default function RegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const claimId = params.get('claim_id');
  const userId = params.get('user_id');
  const principal = useGetPrincipalQuery();
  const configuration = useGetConfigurationQuery();
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
  if (resolution === 'loading' || !configuration.data) return <Spinner />;
  // An invitation older than the server's limit (410 TokenExpired): say so, not a sign-in form.
  if (token.isError && (token.error as { status?: unknown }).status === 410)
    return <TilePage title={t('register.expiredTitle')} lead={t('register.expired')} />;
  if ('go' in resolution) return <Navigate to={resolution.go} replace />;
  const { branding } = configuration.data;
  return (
    <TilePage
      title={t('register.title')}
      lead={t('register.lead', { portalName: branding.portalName })}
    >
      <RegisterForm
        email={token.data?.email ?? ''}
        tokenId={resolution.tokenId}
        claimId={resolution.claimId}
        branding={branding}
      />
    </TilePage>
  );
}
