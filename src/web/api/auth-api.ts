import { api } from '../lib/api';
import type { Principal } from '../../core/types/entities/principal';
import type { TokenInfo } from '../../core/types/entities/token-info';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrincipal: build.query<Principal, void>({
      query: () => '/auth-app/v1/principal',
      providesTags: ['Principal'],
    }),
    getTokenInfo: build.query<TokenInfo, string>({
      query: (id) => `/funnel/v1/tokens/${encodeURIComponent(id)}`,
      providesTags: ['Token'],
    }),
  }),
});

export const { useGetPrincipalQuery, useGetTokenInfoQuery } = authApi;
