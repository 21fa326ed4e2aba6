// A console screen's heading takes the focus when the screen opens (a route change moves no
// focus by itself), so a screen reader announces the new page and Tab starts from its top.
import { useEffect, useRef } from 'react';

export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus({ preventScroll: false }), []);
  return ref;
}
