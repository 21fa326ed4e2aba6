// /auth/start: the portal name and a sign-in button that keeps redirectUrl.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useGetConfigurationQuery } from '../../configuration/api/configuration-api';

export default function StartPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data } = useGetConfigurationQuery();
  const redirectUrl = params.get('redirectUrl');
  const target = redirectUrl
    ? `/auth/login?redirectUrl=${encodeURIComponent(redirectUrl)}`
    : '/auth/login';
  return (
    <section className="tile-page start-page" aria-labelledby="start-title">
      {data?.branding.logoUrl && data.branding.headerLogoEnabled !== false ? (
        <img className="tile-page__logo" src={data.branding.logoUrl} alt="" />
      ) : null}
      <h1 id="start-title">{t('start.title', { portalName: data?.branding.portalName })}</h1>
      <p>
        {t('start.intro', {
          merchantName: data?.branding.merchantName ?? data?.branding.portalName,
        })}
      </p>
      <Link className="button" to={target}>
        {t('start.signIn')}
      </Link>
    </section>
  );
}
