// /dev: every route of the table and the module it belongs to, with links.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const linkable = (path: string) => path.replace(/:(\w+)/g, 'example-$1').replace('/*', '');

/** What the page shows of a route; the route table hands itself in (the page never imports the app). */
export interface ListedRoute {
  path: string;
  module: string;
  access: { kind: string };
}

export default function DevPage({ routes }: { routes: readonly ListedRoute[] }) {
  const { t } = useTranslation();
  return (
    <section className="dashboard-page" aria-labelledby="dev-title">
      <h1 id="dev-title">{t('pages.dev')}</h1>
      <table className="dev-table">
        <thead>
          <tr>
            <th scope="col">{t('dev.route')}</th>
            <th scope="col">{t('dev.module')}</th>
            <th scope="col">{t('dev.access')}</th>
          </tr>
        </thead>
        <tbody>
          {routes
            .filter((r) => r.path !== '*')
            .map((r) => (
              <tr key={r.path}>
                <td>
                  <Link to={linkable(r.path)}>{r.path}</Link>
                </td>
                <td>{r.module}</td>
                <td>{r.access.kind === 'public' ? t('dev.public') : t('dev.login')}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}
