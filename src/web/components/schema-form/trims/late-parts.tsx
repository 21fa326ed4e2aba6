// Stands in for the parts of RJSF's default registry that no form of ours renders but a published
// rule could give one (late-parts in unused-parts-list.ts): each is its own chunk, loaded when a
// form first renders it, so the form engine's first load goes without them (~4.8 KB gzipped off
// every form screen). vite.config.ts (rjsfUnusedParts) resolves RJSF's registry imports of them
// here; tests/web/schema-form/trims.test.tsx checks that no form of ours reaches one and that one
// reached still renders.
import { lazy, Suspense, type ComponentType } from 'react';

/** The names of the late parts rendered since the page (or test run) started. */
export const reachedLateParts = new Set<string>();

/** The part `load` brings, rendered with the props RJSF gives it once it has loaded. */
export function latePart<Props extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  const Part = lazy(load);
  function LateRjsfPart(props: Props) {
    reachedLateParts.add(name);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  LateRjsfPart.displayName = name;
  return LateRjsfPart;
}
