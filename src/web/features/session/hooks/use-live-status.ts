// Polls GET /me/status every profileRefreshInterval seconds and reacts to changes: the profile is
// reloaded (so the guards and every screen see the new status), then the user is moved when the
// change is one of spec section 4. Only changes count, never the first status seen.
import { useEffect, useRef } from 'react';
import { navigateTo } from '../../../lib/navigation';
import { useAppDispatch, type AppDispatch } from '../../../lib/store-hooks';
import { profileApi, useGetProfileStatusQuery } from '../../../api/profile-api';
import { liveStatusTarget } from '../live-status';

/** Loads the profile again (quietly: a failure rejects here, and only here). */
async function reloadProfile(dispatch: AppDispatch): Promise<void> {
  await dispatch(
    profileApi.endpoints.reloadProfile.initiate(undefined, {
      forceRefetch: true,
      subscribe: false,
    }),
  ).unwrap();
}

export function useLiveStatus(refreshIntervalSeconds: number): void {
  const dispatch = useAppDispatch();
  const { data } = useGetProfileStatusQuery(undefined, {
    pollingInterval: Math.max(1, refreshIntervalSeconds) * 1000,
  });
  const previous = useRef<string | null>(null);
  const status = data?.status;

  useEffect(() => {
    if (!status) return;
    const before = previous.current;
    previous.current = status;
    if (before === null || before === status) return;
    const target = liveStatusTarget(before, status);
    void reloadProfile(dispatch)
      .catch((error: unknown) => {
        // The id-proofing status load (and any reload here) only logs its failure.
        console.warn('Profile reload after a status change failed', error);
      })
      .then(() => {
        if (target) navigateTo(target);
      });
  }, [status, dispatch]);
}
