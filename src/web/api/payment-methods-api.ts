// Payout method calls of spec section 7 that the list needs (/settings, the side panel, a claim):
// read, prefer, delete. Adding and changing a method are injected by the method pages
// (payment-method-forms-api.ts), so the settings screen does not carry them. Any change reloads
// the list (and the types one may add).
import { api } from '../lib/api';
import type { PaymentMethod } from '../../core/types/entities/payment-method';

export interface AvailableType {
  type: string;
  maxCount: number | null;
  count: number;
}

export const BASE = '/funnel/v1/payment-methods';
/** The tags a change to the methods invalidates: the list and the types one may still add. */
export const CHANGES = ['PaymentMethods', 'PaymentTypes'] as const;

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
    deleteBankAccount: build.mutation<PaymentMethod[], string>({
      query: (id) => ({ url: `${BASE}/bank-accounts/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    deleteDebitCard: build.mutation<PaymentMethod[], string>({
      query: (id) => ({ url: `${BASE}/debit-card/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    deletePaypal: build.mutation<PaymentMethod[], void>({
      query: () => ({ url: `${BASE}/paypal`, method: 'DELETE' }),
      invalidatesTags: [...CHANGES],
    }),
    deleteZelle: build.mutation<PaymentMethod[], void>({
      query: () => ({ url: `${BASE}/zelle`, method: 'DELETE' }),
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
  useDeleteBankAccountMutation,
  useDeleteDebitCardMutation,
  useDeletePaypalMutation,
  useDeleteZelleMutation,
  useDeletePhysicalCheckMutation,
} = paymentMethodsApi;
