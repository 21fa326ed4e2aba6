import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function LogoutSuccessfulPage() {
  const { t } = useTranslation();
  return (
    <section className="tile-page" aria-labelledby="logout-title">
      <h1 id="logout-title">{t('logoutSuccessful.title')}</h1>
      <p>{t('logoutSuccessful.body')}</p>
      <Link className="button" to="/auth/start">
        {t('logoutSuccessful.returnHome')}
      </Link>
    </section>
  );
}
