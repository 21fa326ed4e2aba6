// Stands in for fast-uri, which RJSF uses only to resolve `$ref` against `$id` — keywords the
// composed form schemas never carry (tests/unit/core/form-trims.test.ts checks every variant).
// vite.config.ts aliases the package here; reaching it means a schema broke that rule.
import { reachedUnusedParts } from './unused-parts';
const unsupported = (): never => {
  reachedUnusedParts.add('fast-uri');
  throw new Error('$ref in a form schema: compose the variant without it (core/schemas/compose)');
};

export default { equal: unsupported, resolve: unsupported, parse: unsupported };
