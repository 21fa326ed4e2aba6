// The empty path: sends the signed-in user where the root flow says.
import { Navigate } from 'react-router-dom';
import { useGetProfileQuery } from '../features/profile/api/profile-api';
import { Spinner } from '../components/spinner';
import { rootFlow } from './root-flow';

export default function RootRedirect() {
  const { data } = useGetProfileQuery();
  if (!data) return <Spinner />;
  return <Navigate to={rootFlow(data)} replace />;
}
