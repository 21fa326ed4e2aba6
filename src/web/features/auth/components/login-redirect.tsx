// /auth/login: sends the browser to the sign-in page, with the redirect target in `state` and the
// portal's language in `lang`, so the server's page speaks it too.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { languageParam, sameSitePath } from './server-page-params';

export default function LoginRedirect() {
  const [params] = useSearchParams();
  const { i18n } = useTranslation();
  const { data } = useGetConfigurationQuery();
  const loginPagePath = data?.appConfig.loginPagePath;
  const lang = languageParam(i18n.language);
  useEffect(() => {
    if (!loginPagePath) return;
    const state = sameSitePath(params.get('redirectUrl'));
    leaveTo(`${loginPagePath}?state=${encodeURIComponent(state)}${lang ? `&${lang}` : ''}`);
  }, [loginPagePath, params, lang]);
  return <Spinner />;
}
