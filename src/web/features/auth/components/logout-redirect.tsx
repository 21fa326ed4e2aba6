// /auth/logout: sends the browser to the logout page, which ends the session on the server.
import { useEffect } from 'react';
import { Spinner } from '../../../components/spinner';
import { leaveTo } from '../../../lib/navigation';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';

export default function LogoutRedirect() {
  const { data } = useGetConfigurationQuery();
  const logoutPagePath = data?.appConfig.logoutPagePath;
  useEffect(() => {
    if (logoutPagePath) leaveTo(logoutPagePath);
  }, [logoutPagePath]);
  return <Spinner />;
}
