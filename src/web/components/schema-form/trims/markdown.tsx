// Stands in for markdown-to-jsx (~30 KB gzipped), which RJSF imports for markdown descriptions — a
// ui:option our uiSchemas never turn on (tests/unit/core/form-trims.test.ts) — and for its own
// configuration-error messages: the text is shown as it is. vite.config.ts aliases it here.
import type { ReactNode } from 'react';
import { reachedUnusedParts } from './unused-parts';

export function Markdown({ children }: { children?: ReactNode }) {
  // Recorded, not refused: RJSF also shows its configuration errors through it.
  reachedUnusedParts.add('markdown-to-jsx');
  return <>{children}</>;
}
