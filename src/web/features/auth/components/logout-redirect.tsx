// /auth/logout: sends the browser to the logout page, which ends the session on the server (its
// confirmation page, when there is one, in the portal's language).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { languageParam } from './server-page-params';

export default function LogoutRedirect() {
  const { i18n } = useTranslation();
  const { data } = useGetConfigurationQuery();
  const logoutPagePath = data?.appConfig.logoutPagePath;
  const lang = languageParam(i18n.language);
  useEffect(() => {
    if (logoutPagePath) leaveTo(lang ? `${logoutPagePath}?${lang}` : logoutPagePath);
  }, [logoutPagePath, lang]);
  return <Spinner />;
}
