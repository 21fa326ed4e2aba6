// The claims feature's own one-line names of payout methods, for the choice when accepting:
// the method's id, whether it can receive a payment now, and a translation key with its values.
import type { PaymentMethod } from '../../../../core/types/entities/payment-method';

export interface PayoutOption {
  id: string;
  preferred: boolean;
  /** False for a Zelle account still waiting for its verification code. */
  usable: boolean;
  labelKey: string;
  values: Record<string, string>;
  /** ISO 4217 currencies the method can receive (the server's rule data). */
  currencies: string[];
}

const tail = (value: string | undefined) => (value ?? '').replace(/[^0-9A-Za-z]/g, '').slice(-4);

export function payoutOption(method: PaymentMethod): PayoutOption {
  return { ...optionOf(method), currencies: method.currencies ?? [] };
}

function optionOf(method: PaymentMethod): Omit<PayoutOption, 'currencies'> {
  switch (method.type) {
    case 'ACH':
    case 'WIRE':
    case 'RTP': {
      const bank = method.bankAccount;
      return {
        id: bank.id,
        preferred: bank.preferred,
        usable: true,
        labelKey: 'dashboard.method.bank',
        values: { name: bank.nickname, last4: tail(bank.accountNumber ?? bank.iban) },
      };
    }
    case 'DEBIT_CARD':
      return {
        id: method.debitCard.id,
        preferred: method.debitCard.preferred,
        usable: true,
        labelKey: 'dashboard.method.card',
        values: { brand: method.debitCard.brand, last4: method.debitCard.last4 },
      };
    case 'Paypal':
      return {
        id: method.paypal.id ?? 'paypal',
        preferred: method.paypal.preferred,
        usable: true,
        labelKey: 'dashboard.method.paypal',
        values: { account: method.paypal.email ?? '' },
      };
    case 'ZELLE':
      return {
        id: method.zelle.id ?? 'zelle',
        preferred: method.zelle.preferred === true,
        usable: method.zelle.status !== 'AWAITS_OTP',
        labelKey: 'dashboard.method.zelle',
        values: { account: method.zelle.token ?? (method.zelle.email || method.zelle.phone) },
      };
    case 'PHYSICAL_CHECK':
      return {
        id: method.physicalCheck.id ?? 'physical-check',
        preferred: method.physicalCheck.preferred,
        usable: true,
        labelKey: 'dashboard.method.check',
        values: {},
      };
  }
}

const METHOD_KEY: Record<string, string> = {
  ACH: 'bankAccount',
  WIRE: 'bankAccount',
  RTP: 'bankAccount',
  DEBIT_CARD: 'debitCard',
  Paypal: 'paypal',
  ZELLE: 'zelle',
  PHYSICAL_CHECK: 'physicalCheck',
};

/** The one-line name of an accepted claim's destination: its snapshot, as the user confirmed it. */
export function destinationOption(
  destination: { paymentMethodId: string; type: string } & Record<string, unknown>,
): PayoutOption {
  const key = METHOD_KEY[destination.type] ?? 'physicalCheck';
  return payoutOption({
    type: destination.type,
    [key]: { ...destination, id: destination.paymentMethodId, preferred: false },
  } as unknown as PaymentMethod);
}
