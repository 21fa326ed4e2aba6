// Stand-in for screens whose content arrives with the generated forms (issue 6): names the page
// so every route of the table can be reached and checked.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ROUTE_TITLES } from './route-titles';

export default function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = ROUTE_TITLES(pathname);
  return (
    <section className="tile-page" aria-labelledby="page-title">
      <h1 id="page-title">{t(title)}</h1>
      <p>{t('placeholder.comingSoon')}</p>
    </section>
  );
}
