// A payout method's preview details on its card: masked numbers only, as the API sends them.
import { useTranslation } from 'react-i18next';
import { findVariant } from '../../../lib/form-variants';
import { formatAddress } from '../../../../core/i18n/postal-address';
import type { PaymentMethod } from '../../../../core/types/entities/payment-method';

/** Card brands as the networks write them (the API sends codes). */
const BRAND_NAMES: Record<string, string> = { VISA: 'Visa', MASTERCARD: 'Mastercard' };

export interface MethodPreviewProps {
  method: PaymentMethod;
  /** The bank line (bank and transfer method) is hidden in the 'rs' flow. */
  hideTransferMethod?: boolean;
}

export function MethodPreview({ method, hideTransferMethod = false }: MethodPreviewProps) {
  const { t, i18n } = useTranslation(['common', 'fields']);
  const lines: { key: string; text: string }[] = [];
  switch (method.type) {
    case 'DEBIT_CARD': {
      const card = method.debitCard;
      const brand = BRAND_NAMES[card.brand] ?? card.brand;
      const date = `${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`;
      lines.push({
        key: 'card',
        text: `${t('payoutMethods.preview.card', { brand, last4: card.last4 })} ${date}`,
      });
      break;
    }
    case 'Paypal':
      if (method.paypal.email)
        lines.push({
          key: 'email',
          text: t('payoutMethods.preview.email', { value: method.paypal.email }),
        });
      break;
    case 'ZELLE':
      lines.push({
        key: 'token',
        text: t('payoutMethods.preview.zelleToken', {
          value: method.zelle.token ?? method.zelle.email,
        }),
      });
      lines.push({
        key: 'status',
        text: t(`payoutMethods.preview.status.${method.zelle.status ?? 'ACTIVE'}`),
      });
      break;
    case 'PHYSICAL_CHECK':
      lines.push({ key: 'check', text: t('payoutMethods.preview.check') });
      break;
    default: {
      const bank = method.bankAccount;
      lines.push({ key: 'nickname', text: bank.nickname });
      if (bank.iban)
        lines.push({ key: 'iban', text: t('payoutMethods.preview.iban', { value: bank.iban }) });
      else if (bank.accountNumber)
        lines.push({
          key: 'account',
          text: t('payoutMethods.preview.account', { value: bank.accountNumber }),
        });
      // The bank's own codes (masked where the API masks them), as a bank statement shows them.
      for (const [key, value] of [
        ['routing', bank.routingNumber],
        ['sortCode', bank.sortCode],
        ['bic', bank.bic],
      ] as const) {
        if (value) lines.push({ key, text: t(`payoutMethods.preview.${key}`, { value }) });
      }
      if (!hideTransferMethod) {
        // What people in the account's country call it (a euro-area WIRE is a SEPA transfer).
        const named = findVariant(
          'bank-account',
          bank.countryCode,
          bank.transferMethod,
        )?.methodName;
        const methodLabel = named
          ? t(`options.transferMethodName.${named}`, { ns: 'fields' })
          : t(`payoutMethods.types.${bank.transferMethod}`);
        lines.push({
          key: 'bank',
          text: [bank.bankName, t('payoutMethods.preview.bankLine', { method: methodLabel })]
            .filter(Boolean)
            .join(' · '),
        });
      }
    }
  }
  // Where the bank or Zelle sends it: the beneficiary's address as stored with the method.
  const address =
    method.type === 'ZELLE'
      ? method.zelle.address
      : method.type === 'DEBIT_CARD' || method.type === 'Paypal' || method.type === 'PHYSICAL_CHECK'
        ? undefined
        : method.bankAccount.address;
  if (address?.addressLine1)
    lines.push({
      key: 'address',
      text: t('payoutMethods.preview.address', {
        value: formatAddress(address, i18n.language).join(', '),
      }),
    });
  if (method.currencies?.length)
    lines.push({
      key: 'currencies',
      text: t('payoutMethods.receives', { currencies: method.currencies.join(', ') }),
    });
  return (
    <ul className="payout-method__details">
      {lines.map((line) => (
        <li key={line.key} data-detail={line.key}>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
