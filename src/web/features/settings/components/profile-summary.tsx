// The profile part of /settings: name, email and address of the signed-in user, with a link to
// edit them in account setup where the status table lets the profile be edited (not on hold: then
// one sentence says why and what to do instead). The server paints the same card with the page
// (server/services/profile-card-frame.ts): change the two together.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayDo } from '../../../../core/profile/status-actions';
import { detailsPath } from '../../../../core/routes/signed-in-paths';
import type { Profile } from '../../../../core/types/entities/profile';
import { Section } from '../../../components/section';
import { formatAddress } from '../../../../core/i18n/postal-address';
import { profileName } from '../../../../core/profile/profile-name';

export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const lines = formatAddress(profile.addresses?.[0], i18n.language);
  const editable = mayDo(profile.status, 'editProfile');
  return (
    <Section
      title={t('settings.profile.title')}
      actions={
        editable ? (
          <Link className="button button--secondary" to={detailsPath(profile.profileType)}>
            {t('settings.profile.edit')}
          </Link>
        ) : undefined
      }
    >
      {editable ? null : (
        <p className="settings__notice" role="note">
          {t('settings.profile.onHold')}
        </p>
      )}
      <dl className="details-list">
        <dt>{t('settings.profile.name')}</dt>
        <dd>{profileName(profile)}</dd>
        <dt>{t('settings.profile.email')}</dt>
        <dd>{profile.email}</dd>
        <dt>{t('settings.profile.address')}</dt>
        <dd>
          {lines.length
            ? lines.map((line, index) => (
                <span key={index} className="details-list__line">
                  {line}
                </span>
              ))
            : t('settings.profile.noAddress')}
        </dd>
      </dl>
    </Section>
  );
}
