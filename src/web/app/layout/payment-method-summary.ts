// One line naming the preferred payout method in the side panel: "Bank account •••• 6789",
// "Visa •••• 4242 08/29", "PayPal ana@x", "Zelle ana@x", "Paper check".
import type { PaymentMethod } from '../../../core/types/entities/payment-method';

export interface MethodSummary {
  key: string;
  values: Record<string, string>;
}

const last4 = (value: string | undefined) => (value ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);
const BRAND_NAMES: Record<string, string> = { VISA: 'Visa', MASTERCARD: 'Mastercard' };

export function isPreferred(method: PaymentMethod): boolean {
  switch (method.type) {
    case 'ACH':
    case 'WIRE':
    case 'RTP':
      return method.bankAccount.preferred;
    case 'DEBIT_CARD':
      return method.debitCard.preferred;
    case 'Paypal':
      return method.paypal.preferred;
    case 'ZELLE':
      return method.zelle.preferred === true;
    case 'PHYSICAL_CHECK':
      return method.physicalCheck.preferred;
  }
}

export function summarizeMethod(method: PaymentMethod): MethodSummary {
  switch (method.type) {
    case 'ACH':
    case 'WIRE':
    case 'RTP':
      return {
        key: 'sidePanel.method.bank',
        values: { last4: last4(method.bankAccount.accountNumber ?? method.bankAccount.iban) },
      };
    case 'DEBIT_CARD': {
      const card = method.debitCard;
      const month = String(card.expirationMonth).padStart(2, '0');
      const year = String(card.expirationYear % 100).padStart(2, '0');
      return {
        key: 'sidePanel.method.card',
        values: {
          brand: BRAND_NAMES[card.brand] ?? card.brand,
          last4: card.last4,
          expiry: `${month}/${year}`,
        },
      };
    }
    case 'Paypal':
      return { key: 'sidePanel.method.paypal', values: { account: method.paypal.email ?? '' } };
    case 'ZELLE':
      return {
        key: 'sidePanel.method.zelle',
        values: { account: method.zelle.token ?? (method.zelle.email || method.zelle.phone) },
      };
    case 'PHYSICAL_CHECK':
      return { key: 'sidePanel.method.check', values: {} };
  }
}

export const preferredMethod = (methods: readonly PaymentMethod[] | undefined) =>
  methods?.find(isPreferred);
