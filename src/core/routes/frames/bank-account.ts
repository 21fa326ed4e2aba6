// The frame of the bank-account screens (features/payment-methods/components/bank-account-page.tsx).
import type { PageFrame } from '../page-frames';

const BANK_ACCOUNT = {
  lead: 'payoutMethods.bankAccount.lead',
  width: 'tile',
  back: { to: '/settings', label: 'payoutMethods.back' },
} as const;

export const BANK_ACCOUNT_CREATE: PageFrame = {
  title: 'payoutMethods.bankAccount.createTitle',
  ...BANK_ACCOUNT,
};
export const BANK_ACCOUNT_EDIT: PageFrame = {
  title: 'payoutMethods.bankAccount.editTitle',
  ...BANK_ACCOUNT,
};
