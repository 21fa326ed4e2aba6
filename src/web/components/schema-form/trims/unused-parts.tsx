// Stands in for the parts of RJSF's default registry that no form of ours names: the layout-grid
// fields (reached only through `ui:field`) and the widgets of formats and `ui:widget`s our schemas
// never use (rating, file, color, range, time, the alternative date pickers; unused-parts-list.ts).
// vite.config.ts (rjsfUnusedParts) resolves each of them here, ~6 KB gzipped off every form screen. Reaching one
// is recorded and refuses loudly: tests/web/schema-form/trims.test.tsx renders every form and the
// rules console's editor and fails when an RJSF upgrade starts reaching one of them.

/** The names of the stand-ins rendered since the page (or test run) started. */
export const reachedUnusedParts = new Set<string>();

export function unusedPart(name: string) {
  function UnusedRjsfPart(): never {
    reachedUnusedParts.add(name);
    throw new Error(`RJSF rendered ${name}, which the portal's bundle leaves out (vite.config.ts)`);
  }
  UnusedRjsfPart.displayName = name;
  return UnusedRjsfPart;
}
