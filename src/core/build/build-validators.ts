// Writes one ES module per composed form variant: the schema RJSF renders and the standalone
// validator ajv generated for exactly that schema, so the browser never compiles a schema.
import standaloneCode from 'ajv/dist/standalone';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createAjv } from '../validation/ajv';
import { loadCatalog, REPO_ROOT } from '../schemas/catalog';
import { createComposer } from '../schemas/compose';
import { variantFileName, type ValidatorManifestEntry } from '../validation/precompiled';
import { moduleSource } from './standalone-module';

export const VALIDATORS_DIR = join(REPO_ROOT, 'src/core/generated/validators');
const RUNTIME_MODULE = join(REPO_ROOT, 'src/core/validation/runtime');

export function buildValidators(outDir: string = VALIDATORS_DIR): ValidatorManifestEntry[] {
  const catalog = loadCatalog();
  const composer = createComposer(catalog);
  const ajv = createAjv({ standalone: true });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const runtimeImport = relative(outDir, RUNTIME_MODULE).replace(/\\/g, '/');
  const manifest: ValidatorManifestEntry[] = [];
  for (const variant of composer.allVariants()) {
    const validate = ajv.compile(variant.schema);
    const file = variantFileName(variant);
    const code = standaloneCode(ajv, validate);
    writeFileSync(
      join(outDir, file),
      moduleSource(
        code,
        variant.key,
        variant.schema,
        runtimeImport.startsWith('.') ? runtimeImport : `./${runtimeImport}`,
      ),
    );
    manifest.push({
      key: variant.key,
      file,
      formId: variant.formId,
      country: variant.country,
      method: variant.method,
      methodName:
        variant.method && variant.country
          ? composer.transferMethodName(variant.country, variant.method)
          : undefined,
    });
  }
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
