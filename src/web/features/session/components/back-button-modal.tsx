// Shown when the browser's back button is used: the portal's own links move between pages.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

export function BackButtonModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('session.backButton.title')}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('session.backButton.ok')}
        </button>
      }
    >
      <p>{t('session.backButton.message')}</p>
    </Modal>
  );
}
