// /auth/start inside the app (reached by in-app navigation, e.g. from the login gate).
import { useLocation } from 'react-router-dom';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import { StartContent } from './start-content';

export default function StartPage() {
  const { search } = useLocation();
  const { data } = useGetConfigurationQuery();
  return data ? <StartContent branding={data.branding} search={search} /> : null;
}
