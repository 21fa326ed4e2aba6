// /auth/login: sends the browser to the sign-in page, with the redirect target in `state` and the
// portal's language in `lang`, so the server's page speaks it too.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/spinner';
import { isLocale } from '../../../lib/i18n';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';

/** Only same-site paths are carried through sign-in. */
export const sameSitePath = (value: string | null): string =>
  value && /^\/(?![/\\])/.test(value) ? value : '/';

/** `lang=<locale>` for a server page, only for a language the portal has. */
export const languageParam = (language: string | undefined): string =>
  isLocale(language) ? `lang=${language}` : '';

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
