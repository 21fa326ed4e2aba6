// "Check your identity again?": asked before saving identity details of an activated profile that
// change what identity proofing verified (loaded with lib/identity-change.ts when it may be asked).
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

export default function IdentityChangeDialog({
  onConfirm,
  onCancel,
}: {
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('registration.identityChange.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onConfirm}>
            {t('registration.identityChange.confirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('registration.identityChange.cancel')}
          </button>
        </>
      }
    >
      <p>{t('registration.identityChange.body')}</p>
    </Modal>
  );
}
