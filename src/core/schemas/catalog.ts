// Loads form schemas and country rule files from the repository (Node only: server, CLIs, tests).
// The browser never composes; it loads what the validator build wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CountryRules } from './country-rules';
import type { JsonSchema } from './json-schema';

/**
 * The folder with package.json, found upwards from this module: src/core/schemas from source,
 * dist/server once compiled (scripts/build-server.ts bundles this module there). Ends with a
 * separator.
 */
export const REPO_ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir.endsWith(sep) ? dir : dir + sep;
})();

export interface RuleCatalog {
  forms: Record<string, JsonSchema>;
  /** Keyed by file name without .json: "GB", "_default", "_iban". */
  rules: Record<string, CountryRules>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

export function loadCatalog(root: string = REPO_ROOT): RuleCatalog {
  const formsDir = join(root, 'schemas/forms');
  const rulesDir = join(root, 'country-rules');
  const forms = Object.fromEntries(
    readdirSync(formsDir)
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f) => [f.replace('.schema.json', ''), readJson<JsonSchema>(join(formsDir, f))]),
  );
  const rules = Object.fromEntries(
    readdirSync(rulesDir)
      .filter((f) => f.endsWith('.json') && f !== 'country-rules.schema.json')
      .sort()
      .map((f) => [f.replace('.json', ''), readJson<CountryRules>(join(rulesDir, f))]),
  );
  return { forms, rules };
}

/** The entity schemas of schemas/entities, keyed by their $id (the file name). */
export function loadEntitySchemas(root: string = REPO_ROOT): Record<string, JsonSchema> {
  const dir = join(root, 'schemas/entities');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.schema.json'))
      .sort()
      .map((f) => [f, readJson<JsonSchema>(join(dir, f))]),
  );
}
