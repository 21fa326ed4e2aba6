// The idle warning: a 60 s countdown (announced politely, not every second), then sign-out.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { COUNTDOWN_SECONDS } from '../constants';
import { useCountdown } from '../hooks/use-countdown';

/** The seconds at which the remaining time is read out to screen readers. */
const announced = (seconds: number) => seconds % 15 === 0 || seconds === 10 || seconds === 5;

function Countdown({ onExpired }: { onExpired: () => void }) {
  const { t } = useTranslation();
  const remaining = useCountdown(COUNTDOWN_SECONDS, onExpired);
  const text = t('session.extension.countdown', { count: remaining });
  return (
    <>
      <p className="session-countdown" aria-hidden="true">
        {text}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announced(remaining) ? text : ''}
      </p>
    </>
  );
}

export function SessionExtensionModal({
  open,
  onStay,
  onSignOut,
}: {
  open: boolean;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      required
      role="alertdialog"
      title={t('session.extension.title')}
      actions={
        <>
          <button type="button" className="button" onClick={onStay}>
            {t('session.extension.stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={onSignOut}>
            {t('session.extension.signOut')}
          </button>
        </>
      }
    >
      <p>{t('session.extension.message')}</p>
      {open && <Countdown onExpired={onSignOut} />}
    </Modal>
  );
}
