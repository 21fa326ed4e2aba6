// The profile drawer (spec section 2): contact details, links by profile status, the preferred
// payout method and sign-out. Escape, the backdrop, the close button and any navigation close it;
// it is a modal dialog: focus moves into it on open, Tab stays inside, and focus goes back to the
// profile button on close. Its content is its own chunk, loaded when the drawer is first opened
// (or the profile button is pointed at): no page needs it for its first paint.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import type { Configuration } from '../../../core/types/entities/configuration';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { setSidePanel } from '../../lib/ui-slice';
import { isStaticPath } from '../../../core/routes/static-path';

const SidePanelContent = lazy(() => import('./side-panel-content'));

export const SIDE_PANEL_ID = 'side-panel';

export function SidePanel({
  configuration,
  returnFocusRef,
}: {
  configuration: Configuration;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const open = useAppSelector((state) => state.ui.sidePanelOpen);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const lastLocation = useRef(location.key);
  const wasOpen = useRef(open);

  // Any navigation closes the panel.
  useEffect(() => {
    if (lastLocation.current === location.key) return;
    lastLocation.current = location.key;
    dispatch(setSidePanel(false));
  }, [location.key, dispatch]);

  // Focus returns to the profile button when the panel closes, in the commit that closes it.
  useLayoutEffect(() => {
    if (wasOpen.current && !open) returnFocusRef.current?.focus();
    wasOpen.current = open;
  }, [open, returnFocusRef]);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(setSidePanel(false));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dispatch]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SidePanelContent
        id={SIDE_PANEL_ID}
        configuration={configuration}
        staticPage={isStaticPath(location.pathname)}
      />
    </Suspense>
  );
}
