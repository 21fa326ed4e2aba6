// The empty path: sends the signed-in user where the root flow says.
import { Navigate } from 'react-router-dom';
import { useGetProfileQuery } from '../api/profile-api';
import { Spinner } from '../components/spinner';
import { rootFlow } from './root-flow';

export default function RootRedirect() {
  const { data, isFetching } = useGetProfileQuery();
  // After a step changes the status (verify, id-proofing) the profile is refetched: decide on the
  // fresh status, not the cached one that would send the user back to the step they just did.
  if (!data || isFetching) return <Spinner />;
  return <Navigate to={rootFlow(data)} replace />;
}
