// The portal is open in another window: use it here instead, or close this window.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';

export function UrlExistsModal({ open, onUseHere }: { open: boolean; onUseHere: () => void }) {
  const { t } = useTranslation();
  const [closeAttempted, setCloseAttempted] = useState(false);
  return (
    <Modal
      open={open}
      required
      role="alertdialog"
      title={t('session.urlExists.title')}
      actions={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              setCloseAttempted(false);
              onUseHere();
            }}
          >
            {t('session.urlExists.useHere')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              // Browsers only let scripts close windows that scripts opened.
              window.close();
              setCloseAttempted(true);
            }}
          >
            {t('session.urlExists.close')}
          </button>
        </>
      }
    >
      <p>{t('session.urlExists.message')}</p>
      <p role="status">{closeAttempted ? t('session.urlExists.returnToOther') : ''}</p>
    </Modal>
  );
}
