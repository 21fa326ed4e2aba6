// The confirmation of "Delete my account" (spec section 4: DELETE /me clears the profile and
// principal and signs out): it says what goes and what stays — claims and payments already made are
// kept, as payment records must be, without the account that received them. Its own chunk, loaded
// when the button is pressed: /settings shows without it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { api } from '../../../lib/api';
import { navigateTo } from '../../../lib/navigation';
import { useAppDispatch } from '../../../app/store';
import { useDeleteProfileMutation } from '../../profile/api/profile-api';

export default function DeleteAccountDialog({ onClose: close }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [understood, setUnderstood] = useState(false);
  const [failed, setFailed] = useState(false);
  const [deleteProfile, { isLoading }] = useDeleteProfileMutation();

  const confirm = async () => {
    setFailed(false);
    try {
      await deleteProfile().unwrap();
    } catch {
      setFailed(true);
      return;
    }
    // The server ended the session; nothing of the account stays in this tab either.
    dispatch(api.util.resetApiState());
    navigateTo('/auth/start');
  };

  return (
    <Modal
      open
      role="alertdialog"
      title={t('settings.deleteAccount.confirmTitle')}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {t('settings.deleteAccount.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={!understood || isLoading}
            onClick={() => void confirm()}
          >
            {isLoading ? t('settings.deleteAccount.deleting') : t('settings.deleteAccount.confirm')}
          </button>
        </>
      }
    >
      <p>{t('settings.deleteAccount.deletedLead')}</p>
      <ul>
        <li>{t('settings.deleteAccount.deletedProfile')}</li>
        <li>{t('settings.deleteAccount.deletedMethods')}</li>
        <li>{t('settings.deleteAccount.deletedSignIn')}</li>
      </ul>
      <p>{t('settings.deleteAccount.keptLead')}</p>
      <ul>
        <li>{t('settings.deleteAccount.keptClaims')}</li>
      </ul>
      <label className="schema-form__check">
        <input
          type="checkbox"
          checked={understood}
          onChange={(event) => setUnderstood(event.target.checked)}
        />
        <span>{t('settings.deleteAccount.understood')}</span>
      </label>
      {failed ? (
        <p className="code-dialog__message code-dialog__message--error" role="alert">
          {t('settings.deleteAccount.failed')}
        </p>
      ) : null}
    </Modal>
  );
}
