import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetConfigurationQuery } from '../../api/configuration-api';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { data } = useGetConfigurationQuery();
  const support = data?.branding.footer?.supportUrl;
  return (
    <section className="tile-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
        {support ? (
          <>
            {' · '}
            <a href={support}>{t('notFound.support')}</a>
          </>
        ) : null}
      </p>
    </section>
  );
}
