// Stands in for @x0k/json-schema-merge, which RJSF uses only to merge `allOf` — a keyword the
// composed form schemas never carry (tests/unit/core/form-trims.test.ts checks every variant).
// vite.config.ts aliases the package here; reaching the merge means a schema broke that rule.
import { reachedUnusedParts } from './unused-parts';
type AnyFunction = (...args: unknown[]) => unknown;

const unsupported = (): never => {
  reachedUnusedParts.add('@x0k/json-schema-merge');
  throw new Error('allOf in a form schema: compose the variant without it (core/schemas/compose)');
};

export const createComparator = () => ({
  compareSchemaDefinitions: unsupported,
  compareSchemaValues: unsupported,
});
export const createMerger = (_options?: unknown) => ({
  mergeArrayOfSchemaDefinitions: unsupported,
});
export const createShallowAllOfMerge =
  (_merge: AnyFunction) =>
  (schema: unknown): never => {
    void schema;
    return unsupported();
  };
export const createDeduplicator = (_compare: AnyFunction) => unsupported;
export const createIntersector = (_compare: AnyFunction) => unsupported;
