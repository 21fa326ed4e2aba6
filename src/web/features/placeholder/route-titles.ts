import { matchPath } from 'react-router-dom';
import { ROUTES } from '../../app/route-table';

/** The title key of the route table entry matching a path. */
export const ROUTE_TITLES = (pathname: string): string =>
  ROUTES.find((r) => r.path !== '*' && matchPath(r.path, pathname))?.title ?? 'pages.notFound';
