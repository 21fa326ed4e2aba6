import { api, setLoginPagePath } from '../lib/api';
import type { Configuration } from '../../core/types/entities/configuration';
import { InternalError } from '../lib/internal-errors';

export const configurationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfiguration: build.query<Configuration, void>({
      query: () => '/funnel/v1/configs',
      // An empty configuration is a failed load: the gate shows the maintenance page.
      transformResponse: (configuration: Configuration | null | undefined) => {
        if (!configuration || !Object.keys(configuration).length)
          throw new InternalError('configuration is empty');
        return configuration;
      },
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
    /**
     * The merchant's static pages: the configuration's, asked apart because a page's boot data
     * carries them only on the static screen (core/routes/boot-data.ts bootConfiguration).
     */
    getStaticPages: build.query<StaticPages, void>({
      query: () => '/funnel/v1/configs',
      transformResponse: (configuration: Configuration | null | undefined) =>
        configuration?.staticPages ?? {},
      providesTags: ['Configuration'],
    }),
  }),
});

export type StaticPages = NonNullable<Configuration['staticPages']>;

export const { useGetConfigurationQuery, useGetStaticPagesQuery } = configurationApi;
