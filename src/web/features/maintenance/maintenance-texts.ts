// The maintenance page's texts in every language, in code: the page may show before any
// translation could load. tests/web/app/early-texts.test.tsx keeps them equal to the
// `maintenance` block of locales/<lng>/common.json.
import type { Locale } from '../../lib/i18n';

export const MAINTENANCE_TEXTS: Record<Locale, { title: string; body: string; retry: string }> = {
  en: {
    title: 'We will be right back',
    body: 'The portal is being updated. This page will continue by itself as soon as it is available again.',
    retry: 'Try again now',
  },
  es: {
    title: 'Volvemos enseguida',
    body: 'Estamos actualizando el portal. Esta página continuará sola en cuanto vuelva a estar disponible.',
    retry: 'Intentar de nuevo ahora',
  },
  fr: {
    title: 'Nous revenons tout de suite',
    body: 'Le portail est en cours de mise à jour. Cette page reprendra d’elle-même dès qu’il sera de nouveau disponible.',
    retry: 'Réessayer maintenant',
  },
  pt: {
    title: 'Voltamos já',
    body: 'O portal está sendo atualizado. Esta página continuará sozinha assim que ele estiver disponível novamente.',
    retry: 'Tentar novamente agora',
  },
  de: {
    title: 'Wir sind gleich zurück',
    body: 'Das Portal wird gerade aktualisiert. Diese Seite geht von selbst weiter, sobald es wieder verfügbar ist.',
    retry: 'Jetzt erneut versuchen',
  },
};
