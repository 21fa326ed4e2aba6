// /static/<name>: the merchant's own pages (terms, privacy, FAQ) from configuration.staticPages
// (asked apart: only a static page's own boot data carries them),
// in the reader's language (spec section 6: reachable without signing in). Plain text only: the
// configuration cannot put markup on the page.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { staticPage } from '../../../core/i18n/merchant-texts';
import { PageWrapper } from '../../components/page-wrapper';
import { Spinner } from '../../components/spinner';
import { useGetConfigurationQuery, useGetStaticPagesQuery } from '../../api/configuration-api';
import NotFoundPage from '../../features/not-found/not-found-page';

export default function StaticScreen() {
  const { t, i18n } = useTranslation();
  const name = useParams()['*'] ?? '';
  const { data: configuration } = useGetConfigurationQuery();
  const { data: staticPages, isError } = useGetStaticPagesQuery();
  if (isError) return <p role="alert">{t('pages.loadFailed')}</p>;
  if (!configuration || !staticPages) return <Spinner />;
  const page = staticPage(
    { staticPages, defaultLocale: configuration.defaultLocale },
    name,
    i18n.language,
  );
  if (!page) return <NotFoundPage />;
  return (
    <PageWrapper title={page.title} width="dashboard">
      <article className="static-page" lang={page.locale}>
        {page.blocks.map((block, index) =>
          block.kind === 'heading' ? (
            <h2 key={index}>{block.text}</h2>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      </article>
    </PageWrapper>
  );
}
