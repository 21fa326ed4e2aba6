// "Delete my account" (spec section 4: DELETE /me clears the profile and principal and signs out).
// The confirmation says what goes and what stays: claims and payments already made are kept, as
// payment records must be, without the account that received them.
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';

// The confirmation is loaded when asked for: most visits to /settings never open it.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

export function DeleteAccount() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // The dialog arrives after its chunk, when the focus may have left the button on the way: it is
  // given back to the button explicitly once the dialog is gone.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <Section
      title={t('settings.deleteAccount.title')}
      description={t('settings.deleteAccount.lead')}
    >
      <button
        ref={opener}
        type="button"
        className="button button--secondary"
        onClick={() => setOpen(true)}
      >
        {t('settings.deleteAccount.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={close} />
        </Suspense>
      ) : null}
    </Section>
  );
}
