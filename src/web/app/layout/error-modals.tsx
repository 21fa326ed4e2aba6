// The global error modals (spec section 8): a server error or a client (network) error, one at a
// time — the ui slice keeps the first until it is closed.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/modal';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { closeErrorModal } from '../../lib/ui-slice';

export function ErrorModals() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const errorModal = useAppSelector((state) => state.ui.errorModal);
  if (!errorModal) return null;
  const key = errorModal === 'server' ? 'serverError' : 'clientError';
  const close = () => dispatch(closeErrorModal());
  return (
    <Modal
      key={errorModal}
      open
      role="alertdialog"
      title={t(`modals.${key}.title`)}
      onClose={close}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            {t('modals.close')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => window.location.reload()}
          >
            {t('modals.reload')}
          </button>
        </>
      }
    >
      <p>{t(`modals.${key}.body`)}</p>
    </Modal>
  );
}
