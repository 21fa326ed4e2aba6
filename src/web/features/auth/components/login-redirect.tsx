// /auth/login: sends the browser to the sign-in page, with the redirect target in `state`.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';

/** Only same-site paths are carried through sign-in. */
export const sameSitePath = (value: string | null): string =>
  value && /^\/(?![/\\])/.test(value) ? value : '/';

export default function LoginRedirect() {
  const [params] = useSearchParams();
  const { data } = useGetConfigurationQuery();
  const loginPagePath = data?.appConfig.loginPagePath;
  useEffect(() => {
    if (!loginPagePath) return;
    const state = sameSitePath(params.get('redirectUrl'));
    leaveTo(`${loginPagePath}?state=${encodeURIComponent(state)}`);
  }, [loginPagePath, params]);
  return <Spinner />;
}
