// The confirmation of "Delete my account" (spec section 4: DELETE /me clears the profile and
// principal and signs out): it says what goes and what stays — claims and payments already made are
// kept, as payment records must be, without the account that received them. It asks for the
// password again (issue 29: a session left open must not be enough) and says, in the person's
// language, why the server refused: a wrong password, too many of them, a hold or a payment on its
// way. Its own chunk, loaded when the button is pressed: /settings shows without it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { api } from '../../../lib/api';
import { errorText, readApiError } from '../../../lib/api-error';
import { navigateTo } from '../../../lib/navigation';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useDeleteProfileMutation } from '../../../api/profile-api';

export default function DeleteAccountDialog({ onClose: close }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ text: string; wrongPassword: boolean } | null>(null);
  const [deleteProfile, { isLoading }] = useDeleteProfileMutation();
  const passwordId = useId();
  const helpId = useId();
  const failureId = useId();

  const wrongPassword = failure?.wrongPassword ?? false;

  const confirm = async () => {
    setFailure(null);
    try {
      await deleteProfile({ password }).unwrap();
    } catch (error) {
      setFailure({
        text: errorText(error, t, 'settings.deleteAccount.failed'),
        wrongPassword: readApiError(error).name === 'WrongPassword',
      });
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
            disabled={!understood || !password || isLoading}
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
      <div className={`schema-form__field${wrongPassword ? ' schema-form__field--invalid' : ''}`}>
        <label className="schema-form__label" htmlFor={passwordId}>
          {t('settings.deleteAccount.passwordLabel')}
        </label>
        <p id={helpId} className="schema-form__help">
          {t('settings.deleteAccount.passwordHelp')}
        </p>
        <input
          id={passwordId}
          name="password"
          type="password"
          className="schema-form__input"
          autoComplete="current-password"
          required
          maxLength={256}
          value={password}
          aria-invalid={wrongPassword || undefined}
          aria-describedby={failure ? `${helpId} ${failureId}` : helpId}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {failure ? (
        <p id={failureId} className="code-dialog__message code-dialog__message--error" role="alert">
          {failure.text}
        </p>
      ) : null}
    </Modal>
  );
}
