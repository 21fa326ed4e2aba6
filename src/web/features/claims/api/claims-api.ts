// Claim calls of spec section 7. Accepting reloads the claim list.
import { api } from '../../../lib/api';
import type { Claim } from '../../../../core/types/entities/claim';
import type { ClaimQuote } from '../../../../core/payout/quote';

export const claimsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClaims: build.query<Claim[], void>({
      query: () => '/funnel/v1/claims',
      providesTags: ['Claims'],
    }),
    addClaim: build.mutation<Claim, { claimId: string }>({
      query: (body) => ({ url: '/funnel/v1/claims', method: 'POST', body }),
      invalidatesTags: ['Claims'],
    }),
    confirmClaimToken: build.mutation<Claim, { tokenId: string }>({
      query: (body) => ({ url: '/funnel/v1/claims/confirm', method: 'POST', body }),
      invalidatesTags: ['Claims'],
    }),
    getClaimStatus: build.query<
      { claimId?: string; status?: string; total?: number; acceptable?: number },
      string | void
    >({
      query: (claimId) => ({
        url: '/funnel/v1/claim/status',
        params: claimId ? { claimId } : undefined,
      }),
    }),
    getQuote: build.query<
      ClaimQuote,
      { claimId: string; targetCurrency: string; paymentMethodId?: string }
    >({
      query: ({ claimId, targetCurrency, paymentMethodId }) => ({
        url: `/funnel/v1/claims/${claimId}/quote`,
        params: paymentMethodId ? { targetCurrency, paymentMethodId } : { targetCurrency },
      }),
    }),
    sendAcceptanceCode: build.mutation<
      { prefix: string; expiresAt: string },
      { claimId: string; prefix?: string; paymentMethodId: string; targetCurrency: string }
    >({
      // The code is bound to the claim, the payout method and the currency chosen here.
      query: ({ claimId, ...body }) => ({
        url: `/funnel/v1/claims/${claimId}/accept/otp`,
        method: 'POST',
        body: { claimId, ...body },
      }),
    }),
    acceptClaim: build.mutation<
      Claim,
      { claimId: string; otp: string; paymentMethodId: string; targetCurrency: string }
    >({
      query: ({ claimId, ...body }) => ({
        url: `/funnel/v1/claims/${claimId}/accept`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['Claims'],
    }),
    cancelClaim: build.mutation<Claim, string>({
      query: (claimId) => ({ url: `/funnel/v1/claims/${claimId}/cancel`, method: 'PUT' }),
      invalidatesTags: ['Claims'],
    }),
  }),
});

export const {
  useGetClaimsQuery,
  useAddClaimMutation,
  useConfirmClaimTokenMutation,
  useGetClaimStatusQuery,
  useGetQuoteQuery,
  useSendAcceptanceCodeMutation,
  useAcceptClaimMutation,
  useCancelClaimMutation,
} = claimsApi;
