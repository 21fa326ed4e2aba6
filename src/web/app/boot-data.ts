// Seeds the store with what the server wrote into the page (core/routes/boot-data): the first
// render finds the configuration, the principal and the profile (and its status) in RTK Query's
// cache and asks the API for none of them. Pages served without it (the Vite dev server, a test)
// ask as before.
import type { BootData } from '../../core/routes/boot-data';
import type { AppDispatch } from '../lib/store-hooks';
import { authApi } from '../api/auth-api';
import { configurationApi } from '../api/configuration-api';
import { profileApi } from '../api/profile-api';
import { setLoginPagePath } from '../lib/api';
import { HOSTED_CHECK_STATUS } from '../../core/profile/status-answer';

/** Puts the boot answers in the cache, as if the queries had just answered (synchronously). */
export function seedFromBootData(dispatch: AppDispatch, boot: BootData): void {
  setLoginPagePath(boot.configuration.appConfig.loginPagePath);
  const { staticPages } = boot.configuration;
  dispatch(
    configurationApi.util.upsertQueryEntries([
      { endpointName: 'getConfiguration', arg: undefined, value: boot.configuration },
      // Only a static page's boot data carries them (core/routes/boot-data.ts).
      ...(staticPages
        ? [{ endpointName: 'getStaticPages' as const, arg: undefined, value: staticPages }]
        : []),
    ]),
  );
  if (boot.principal)
    dispatch(
      authApi.util.upsertQueryEntries([
        { endpointName: 'getPrincipal', arg: undefined, value: boot.principal },
      ]),
    );
  if (boot.profile)
    dispatch(
      profileApi.util.upsertQueryEntries([
        { endpointName: 'getProfile', arg: undefined, value: boot.profile },
        // The status read's answer, but where only the API knows whether a hosted identity check
        // waits (core/profile/status-answer.ts): the session's status polls then start from it
        // instead of asking again as the page loads.
        ...(boot.profile.status === HOSTED_CHECK_STATUS
          ? []
          : [
              {
                endpointName: 'getProfileStatus' as const,
                arg: undefined,
                value: { status: boot.profile.status },
              },
            ]),
      ]),
    );
}
