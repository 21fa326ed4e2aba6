// "Delete my account" (spec section 4: DELETE /me clears the profile and principal and signs out).
// The confirmation says what goes and what stays: claims and payments already made are kept, as
// payment records must be, without the account that received them. Where the status table withholds
// deletion (on hold) the button is not offered and one sentence says why.
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../../../core/profile/status-actions';
import { Section } from '../../../components/section';
import { useGetProfileQuery } from '../../../api/profile-api';

// The confirmation is loaded when asked for: most visits to /settings never open it.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

export function DeleteAccount() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: profile } = useGetProfileQuery();
  const opener = useRef<HTMLButtonElement>(null);
  // The dialog arrives after its chunk, when the focus may have left the button on the way: it is
  // given back to the button in the commit that removes the dialog (a layout effect runs after the
  // dialog's own clean-up, and before the next key).
  const wasOpen = useRef(false);
  useLayoutEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const close = () => setOpen(false);
  return (
    <Section
      title={t('settings.deleteAccount.title')}
      description={t('settings.deleteAccount.lead')}
    >
      {mayDo(profile?.status, 'deleteAccount') ? (
        <button
          ref={opener}
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(true)}
        >
          {t('settings.deleteAccount.open')}
        </button>
      ) : (
        <p>{t('settings.deleteAccount.withheld')}</p>
      )}
      {open ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={close} />
        </Suspense>
      ) : null}
    </Section>
  );
}
