import { api, setLoginPagePath } from '../../../lib/api';
import type { Configuration } from '../../../../core/types/entities/configuration';

export const configurationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfiguration: build.query<Configuration, void>({
      query: () => '/funnel/v1/configs',
      providesTags: ['Configuration'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          setLoginPagePath(data.appConfig.loginPagePath);
        } catch {
          // the configuration gate shows the maintenance page
        }
      },
    }),
  }),
});

export const { useGetConfigurationQuery } = configurationApi;
