// Adding and changing a payout method (spec section 7), injected by the method pages: the list's
// own calls (payment-methods-api.ts) are all /settings needs. Any change reloads the list. A debit
// card is added, never edited (/debit-card is create only): the API's PUT /debit-card has no call.
import { api } from '../lib/api';
import type { PaymentMethod } from '../../core/types/entities/payment-method';
import type { BankAccountForm } from '../../core/types/forms/bank-account';
import type { DebitCardForm } from '../../core/types/forms/debit-card';
import type { ZelleForm } from '../../core/types/forms/zelle';
import { BASE, CHANGES } from './payment-methods-api';

export const paymentMethodFormsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createBankAccount: build.mutation<PaymentMethod, BankAccountForm & { preferred?: boolean }>({
      query: (body) => ({ url: `${BASE}/bank-accounts`, method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    updateBankAccount: build.mutation<
      PaymentMethod,
      { id: string; body: Partial<BankAccountForm> & { preferred?: boolean } }
    >({
      query: ({ id, body }) => ({ url: `${BASE}/bank-accounts/${id}`, method: 'PUT', body }),
      invalidatesTags: [...CHANGES],
    }),
    // A mutation only in form: POST keeps the IBAN out of URLs (and brings the CSRF header); it
    // changes nothing, so it invalidates nothing.
    lookupBic: build.mutation<{ bic: string | null }, string>({
      query: (iban) => ({ url: `${BASE}/bic-lookup`, method: 'POST', body: { iban } }),
    }),
    createDebitCard: build.mutation<PaymentMethod, DebitCardForm & { preferred?: boolean }>({
      query: (body) => ({ url: `${BASE}/debit-card`, method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    /** PayPal's authorization URL (Log in with PayPal), with a state bound to this session. */
    paypalAuthorizationUrl: build.mutation<{ url: string }, void>({
      query: () => ({ url: `${BASE}/paypal/authorization-url`, method: 'POST' }),
    }),
    saveZelle: build.mutation<PaymentMethod, { body: ZelleForm; existing: boolean }>({
      query: ({ body, existing }) => ({
        url: `${BASE}/zelle`,
        method: existing ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: [...CHANGES],
    }),
    sendZelleCode: build.mutation<{ prefix: string; expiresAt: string }, { otpPrefix?: string }>({
      query: (body) => ({ url: `${BASE}/zelle/verify/otp`, method: 'POST', body }),
    }),
    verifyZelle: build.mutation<PaymentMethod, { otp: string }>({
      query: (body) => ({ url: `${BASE}/zelle/verify`, method: 'PUT', body }),
      invalidatesTags: [...CHANGES],
    }),
    createPhysicalCheck: build.mutation<PaymentMethod, { preferred: boolean }>({
      query: (body) => ({ url: `${BASE}/physical-checks`, method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
  }),
});

export const {
  useCreateBankAccountMutation,
  useUpdateBankAccountMutation,
  useLookupBicMutation,
  useCreateDebitCardMutation,
  usePaypalAuthorizationUrlMutation,
  useSaveZelleMutation,
  useSendZelleCodeMutation,
  useVerifyZelleMutation,
  useCreatePhysicalCheckMutation,
} = paymentMethodFormsApi;
