// Payout method calls of spec section 7. Any change reloads the list (and the types one may add).
import { api } from '../lib/api';
import type { PaymentMethod } from '../../core/types/entities/payment-method';
import type { BankAccountForm } from '../../core/types/forms/bank-account';
import type { DebitCardForm } from '../../core/types/forms/debit-card';
import type { ZelleForm } from '../../core/types/forms/zelle';

export interface AvailableType {
  type: string;
  maxCount: number | null;
  count: number;
}

const BASE = '/funnel/v1/payment-methods';
const CHANGES = ['PaymentMethods', 'PaymentTypes'] as const;

export const paymentMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<PaymentMethod[], void>({
      query: () => BASE,
      providesTags: ['PaymentMethods'],
    }),
    getAvailableTypes: build.query<AvailableType[], string | void>({
      query: (claimID) => ({
        url: `${BASE}/available-types`,
        params: claimID ? { claimID } : undefined,
      }),
      providesTags: ['PaymentTypes'],
    }),
    setPreferred: build.mutation<PaymentMethod[], string>({
      query: (id) => ({ url: `${BASE}/preferred`, method: 'POST', body: { id } }),
      invalidatesTags: [...CHANGES],
    }),
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
    deleteBankAccount: build.mutation<PaymentMethod[], string>({
      query: (id) => ({ url: `${BASE}/bank-accounts/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    createDebitCard: build.mutation<PaymentMethod, DebitCardForm & { preferred?: boolean }>({
      query: (body) => ({ url: `${BASE}/debit-card`, method: 'POST', body }),
      invalidatesTags: [...CHANGES],
    }),
    updateDebitCard: build.mutation<PaymentMethod, { id: string }>({
      query: (body) => ({ url: `${BASE}/debit-card`, method: 'PUT', body }),
      invalidatesTags: [...CHANGES],
    }),
    deleteDebitCard: build.mutation<PaymentMethod[], string>({
      query: (id) => ({ url: `${BASE}/debit-card/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    /** PayPal's authorization URL (Log in with PayPal), with a state bound to this session. */
    paypalAuthorizationUrl: build.mutation<{ url: string }, void>({
      query: () => ({ url: `${BASE}/paypal/authorization-url`, method: 'POST' }),
    }),
    deletePaypal: build.mutation<PaymentMethod[], void>({
      query: () => ({ url: `${BASE}/paypal`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    saveZelle: build.mutation<PaymentMethod, { body: ZelleForm; existing: boolean }>({
      query: ({ body, existing }) => ({
        url: `${BASE}/zelle`,
        method: existing ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: [...CHANGES],
    }),
    deleteZelle: build.mutation<PaymentMethod[], void>({
      query: () => ({ url: `${BASE}/zelle`, method: 'DELETE' }),
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
    deletePhysicalCheck: build.mutation<PaymentMethod[], void>({
      query: () => ({ url: `${BASE}/physical-checks`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
  }),
});

export const {
  useGetPaymentMethodsQuery,
  useGetAvailableTypesQuery,
  useSetPreferredMutation,
  useCreateBankAccountMutation,
  useUpdateBankAccountMutation,
  useLookupBicMutation,
  useDeleteBankAccountMutation,
  useCreateDebitCardMutation,
  useUpdateDebitCardMutation,
  useDeleteDebitCardMutation,
  usePaypalAuthorizationUrlMutation,
  useDeletePaypalMutation,
  useSaveZelleMutation,
  useDeleteZelleMutation,
  useSendZelleCodeMutation,
  useVerifyZelleMutation,
  useCreatePhysicalCheckMutation,
  useDeletePhysicalCheckMutation,
} = paymentMethodsApi;
