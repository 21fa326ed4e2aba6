// The content of /auth/start: the portal name and a sign-in button that keeps redirectUrl.
// Presentational, so the light first-visit entry can render it without the router or the store.
import { useTranslation } from 'react-i18next';
import type { Branding } from '../../../../core/types/entities/branding';
import { startLoginHref } from './start-link';

export function StartContent({ branding, search }: { branding: Branding; search: string }) {
  const { t } = useTranslation();
  return (
    <section className="tile-page start-page" aria-labelledby="start-title">
      {branding.logoUrl ? <img className="tile-page__logo" src={branding.logoUrl} alt="" /> : null}
      <h1 id="start-title">{t('start.title', { portalName: branding.portalName })}</h1>
      <p>{t('start.intro', { merchantName: branding.merchantName ?? branding.portalName })}</p>
      <a className="button" href={startLoginHref(search)}>
        {t('start.signIn')}
      </a>
    </section>
  );
}
