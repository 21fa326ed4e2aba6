// Pins the browser history (spec section 4): the current URL is pushed again on mount and after
// every navigation, so the back button lands on the same page; onBack then tells the user.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLatest } from './use-latest';

const pin = () => window.history.pushState(window.history.state, '', window.location.href);

export function useHistoryPin(onBack: () => void): void {
  const { key } = useLocation();
  const onBackRef = useLatest(onBack);

  useEffect(() => {
    pin();
  }, [key]);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      // Following an in-page #fragment link (skip link) also fires popstate: not a back press.
      if (event.state == null && window.location.hash) return;
      pin();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [onBackRef]);
}
