// NAME_MATCH_FAILED: the name given does not match the records; the user can correct it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusPage } from './status-page';

export default function NameMatchFailedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t('statusPages.nameMatchFailed.title')}
      body={t('statusPages.nameMatchFailed.body')}
      next={t('statusPages.nameMatchFailed.next')}
      actions={
        <Link className="button" to="/registration/personal-info">
          {t('statusPages.nameMatchFailed.correct')}
        </Link>
      }
    />
  );
}
