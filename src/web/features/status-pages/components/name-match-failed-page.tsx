// NAME_MATCH_FAILED: the name given does not match the records; the user can correct it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../core/routes/signed-in-paths';
import { useGetProfileQuery } from '../../../api/profile-api';
import { StatusPage } from './status-page';

export default function NameMatchFailedPage() {
  const { t } = useTranslation();
  const { data: profile } = useGetProfileQuery();
  return (
    <StatusPage
      title={t('statusPages.nameMatchFailed.title')}
      body={t('statusPages.nameMatchFailed.body')}
      next={t('statusPages.nameMatchFailed.next')}
      actions={
        <Link className="button" to={detailsPath(profile?.profileType)}>
          {t('statusPages.nameMatchFailed.correct')}
        </Link>
      }
    />
  );
}
