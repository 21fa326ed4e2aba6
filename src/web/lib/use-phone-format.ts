// The phone formatter, loaded on first use: its metadata (libphonenumber-js) stays out of the first
// load of every screen; until it is there a number shows as stored (E.164), then formatted.
import { useEffect, useState } from 'react';

type FormatPhone = (e164: string) => string;
let loaded: FormatPhone | null = null;
let loading: Promise<FormatPhone> | null = null;

const asStored: FormatPhone = (e164) => e164;

export function usePhoneFormat(): FormatPhone {
  const [format, setFormat] = useState<FormatPhone>(() => loaded ?? asStored);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    loading ??= import('../../core/i18n/phone').then((m) => (loaded = m.formatPhone));
    void loading.then((fn) => {
      if (live) setFormat(() => fn);
    });
    return () => {
      live = false;
    };
  }, []);
  return format;
}
