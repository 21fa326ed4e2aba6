// The one script the portal's page carries inline (services/portal-page.ts writes it into every
// portal page's head): work for the page's first screen that needs none of the portal's code, done
// while the page waits for that code on a slow network. Inline, because a file of its own would be
// one more round trip before it could start. Its text never changes — what varies comes in its
// data-later attribute — so the Content Security Policy allows it by its hash
// (plugins/security.ts) and no other inline script.
//
// 1. Country names. A page's first Intl.DisplayNames loads the runtime's region names (60-130 ms
//    at a phone's speed, 4x CPU) and its first Intl.Collator the language's collation (~35 ms),
//    paid in the first render of every screen that shows an address or a country list. Made here
//    once each, in the idle time after the first paint, the portal's own
//    (core/i18n/postal-address.ts, schema-form/countries.ts) then take a tenth of a millisecond.
//    One idle callback each, so that neither holds up the portal's code if it arrives meanwhile.
// 2. The files a screen asks for itself once its module runs (`loadsLater` in the route table:
//    the bank-account form engine) and those of the form it opens (`opensForm`: the variants of
//    the visitor's country, its uiSchema, the form texts), announced (`modulepreload`) as soon as
//    only one file of the page's first load is still arriving: by the time the request's round
//    trip is over, the network is theirs. Announced with the page, they would share the network
//    with the shell from the first byte and the shell's scripts would start later; asked for by
//    the screen's module, they would wait for the shell to arrive and run (docs/performance.md,
//    2026-11-27, late).

/** The attribute holding the later files' paths, as a JSON array. */
export const LATER_FILES_ATTRIBUTE = 'data-later';

/** The script's text. Plain ES2017, as every browser the portal supports runs it. */
export const PAGE_SCRIPT = `(function () {
  var lang = document.documentElement.lang || 'en';
  var idle = window.requestIdleCallback || function (run) { setTimeout(run, 50); };
  idle(function () {
    try { new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' }).of('US'); } catch (e) {}
    idle(function () { try { new Intl.Collator(lang).compare('a', 'b'); } catch (e) {} });
  });

  var later = JSON.parse(document.currentScript.getAttribute('${LATER_FILES_ATTRIBUTE}') || '[]');
  if (!later.length) return;
  var announce = function () {
    later.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  };
  var arriving = new Set([].map.call(
    document.querySelectorAll('script[type="module"][src], link[rel="modulepreload"]'),
    function (element) { return element.src || element.href; }
  ));
  if (!window.PerformanceObserver || arriving.size < 2) return announce();
  var observer = new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) { arriving.delete(entry.name); });
    if (arriving.size < 2) { observer.disconnect(); announce(); }
  });
  observer.observe({ type: 'resource', buffered: true });
})();`;
