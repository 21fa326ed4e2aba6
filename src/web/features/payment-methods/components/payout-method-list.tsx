// The payout-method part of /settings: each method a card with its preview details and its
// actions (prefer, verify a Zelle token, edit, delete), then the types that can still be added.
// Each action shows only where the status table allows it (on hold: no Delete, and a sentence why).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayDo } from '../../../../core/profile/status-actions';
import type { PaymentMethod } from '../../../../core/types/entities/payment-method';
import { Modal } from '../../../components/modal';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { useGetConfigurationQuery } from '../../../api/configuration-api';
import {
  useDeleteBankAccountMutation,
  useDeleteDebitCardMutation,
  useDeletePaypalMutation,
  useDeletePhysicalCheckMutation,
  useDeleteZelleMutation,
  useGetAvailableTypesQuery,
  useGetPaymentMethodsQuery,
  useSetPreferredMutation,
} from '../../../api/payment-methods-api';
import {
  ADD_PATHS,
  awaitsCode,
  isBank,
  isPreferred,
  methodId,
  methodName,
  readFailure,
} from './method-helpers';

// A card's details (masked numbers, what the account's country calls its transfer method: the
// form variants name it) load beside the methods and their texts, behind the cards' placeholder.
const loadMethodPreview = () => import('./method-preview');
const MethodPreview = lazy(() => loadMethodPreview().then((m) => ({ default: m.MethodPreview })));

/**
 * What the methods' part shows while it loads: the spinner in a card of a method card's height,
 * so the cards that replace it do not push the sections under it down.
 */
function MethodsPlaceholder() {
  return (
    <div className="payout-methods">
      <div className="card payout-methods__placeholder">
        <Spinner />
      </div>
    </div>
  );
}

/** `status`: the profile's status, undefined while it loads (nothing is offered until then). */
export function PayoutMethodList({ status }: { status: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { data: configuration } = useGetConfigurationQuery();
  const methods = useGetPaymentMethodsQuery();
  const types = useGetAvailableTypesQuery();
  const [setPreferred] = useSetPreferredMutation();
  const [deleteBank] = useDeleteBankAccountMutation();
  const [deleteCard] = useDeleteDebitCardMutation();
  const [deletePaypal] = useDeletePaypalMutation();
  const [deleteZelle] = useDeleteZelleMutation();
  const [deleteCheck] = useDeletePhysicalCheckMutation();
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hideTransferMethod = configuration?.businessRules.flowType === 'rs';
  const may = {
    add: mayDo(status, 'addPayoutMethod'),
    edit: mayDo(status, 'editPayoutMethod'),
    prefer: mayDo(status, 'preferPayoutMethod'),
    delete: mayDo(status, 'deletePayoutMethod'),
  };
  // The cards name transfer methods with the form texts (MethodPreview reads 'fields'): they load
  // beside the methods rather than after them, and so does the preview's code.
  useEffect(() => {
    void i18n.loadNamespaces('fields');
    void loadMethodPreview();
  }, [i18n]);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(readFailure(failure, t).message ?? t('payoutMethods.errors.generic'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = (method: PaymentMethod) => {
    const id = methodId(method) ?? '';
    if (isBank(method)) return deleteBank(id).unwrap();
    switch (method.type) {
      case 'DEBIT_CARD':
        return deleteCard(id).unwrap();
      case 'Paypal':
        return deletePaypal().unwrap();
      case 'ZELLE':
        return deleteZelle().unwrap();
      default:
        return deleteCheck().unwrap();
    }
  };

  const addPaths = [
    ...new Map(
      (types.data ?? [])
        .filter((type) => ADD_PATHS[type.type])
        .map((type) => {
          const path = ADD_PATHS[type.type] ?? '';
          const label =
            path === '/bank-account'
              ? t('payoutMethods.types.bankAccount')
              : t(`payoutMethods.types.${type.type}`);
          return [path, label] as const;
        }),
    ),
  ];

  return (
    <>
      <Section title={t('settings.methods.title')}>
        {status && !may.delete ? (
          <p className="settings__notice" role="note">
            {t('settings.methods.onHold')}
          </p>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {methods.isLoading ? (
          <MethodsPlaceholder />
        ) : methods.isError ? (
          <p role="alert">{t('settings.methods.loadFailed')}</p>
        ) : !methods.data?.length ? (
          <p>{t('settings.methods.empty')}</p>
        ) : (
          // The cards wait for their texts here, not behind the whole screen's spinner.
          <Suspense fallback={<MethodsPlaceholder />}>
            <ul className="payout-methods">
              {methods.data.map((method) => {
                const id = methodId(method) ?? method.type;
                const name = methodName(method, t);
                // A payment in progress goes to this method: it is frozen until the payment is made.
                const locked = method.lockedByClaim === true;
                return (
                  <li
                    key={id}
                    className={[
                      'payout-method card',
                      isPreferred(method) ? 'payout-method--preferred' : null,
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    aria-label={name}
                  >
                    <div className="payout-method__header">
                      <h3 className="payout-method__title">
                        {t(
                          isBank(method)
                            ? 'payoutMethods.types.bankAccount'
                            : `payoutMethods.types.${method.type}`,
                        )}
                      </h3>
                      {isPreferred(method) ? (
                        <span className="badge">{t('settings.methods.preferred')}</span>
                      ) : null}
                      {locked ? (
                        <span className="badge badge--locked">
                          {t('payoutMethods.lockedByClaim')}
                        </span>
                      ) : null}
                    </div>
                    {locked ? (
                      <p className="settings__notice" role="note">
                        {t('payoutMethods.errors.PaymentMethodLocked')}
                      </p>
                    ) : null}
                    <MethodPreview method={method} hideTransferMethod={hideTransferMethod} />
                    <div
                      className="payout-method__actions"
                      role="group"
                      aria-label={t('settings.methods.actions', { name })}
                    >
                      {awaitsCode(method) ? (
                        may.edit ? (
                          <Link className="button" to="/zelle">
                            {t('settings.methods.verify')}
                          </Link>
                        ) : null
                      ) : may.prefer && !isPreferred(method) ? (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() =>
                            void run(() => setPreferred(methodId(method) ?? '').unwrap())
                          }
                        >
                          {t('settings.methods.prefer')}
                        </button>
                      ) : null}
                      {locked || !may.edit ? null : isBank(method) ? (
                        <Link
                          className="button button--secondary"
                          to={`/bank-account/${method.bankAccount.id}`}
                        >
                          {t('settings.methods.edit')}
                        </Link>
                      ) : method.type === 'ZELLE' ? (
                        <Link className="button button--secondary" to="/zelle">
                          {t('settings.methods.edit')}
                        </Link>
                      ) : null}
                      {locked || !may.delete ? null : (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={busy}
                          onClick={() => setToDelete(method)}
                        >
                          {t('settings.methods.delete')}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </Suspense>
        )}
      </Section>
      <Section title={t('settings.add.title')}>
        {types.isLoading ? (
          // One row of buttons' height: what the types replace it with on a wide screen.
          <div className="payout-methods__add-placeholder">
            <Spinner />
          </div>
        ) : may.add && addPaths.length ? (
          <ul className="payout-methods__add">
            {addPaths.map(([path, label]) => (
              <li key={path}>
                <Link className="button button--secondary" to={path}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('settings.add.none')}</p>
        )}
      </Section>
      <Modal
        open={toDelete !== null}
        title={t('settings.methods.deleteTitle')}
        onClose={() => setToDelete(null)}
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setToDelete(null)}
            >
              {t('settings.methods.cancel')}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                const method = toDelete;
                setToDelete(null);
                if (method) void run(() => remove(method));
              }}
            >
              {t('settings.methods.deleteConfirm')}
            </button>
          </>
        }
      >
        <p>
          {toDelete ? t('settings.methods.deleteBody', { name: methodName(toDelete, t) }) : null}
        </p>
      </Modal>
    </>
  );
}
