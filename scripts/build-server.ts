// npm run build:server — compiles the server to JavaScript in dist/server, so production runs
// `node dist/server/main.js` on an `npm ci --omit=dev` install: no TypeScript, tsx or Vite.
//
// esbuild bundles our own modules (src/server, src/core) into one ES module per entry and leaves
// every package external, loaded from node_modules as usual. Bundling, rather than tsc, because
// Node's ES modules need the file extension on every relative import and our sources (bundler
// resolution) have none: tsc would emit them as they are and the server would not load.
//
// Entries: main.js (the server) and rules-worker.js (the rules console's worker thread, which
// services/rules-checks.ts loads beside the module that runs). Files the server reads beside its
// own modules are copied next to them: the SQL migrations and the common-password list.
import { build, type Metafile, type Plugin } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = join(ROOT, 'dist/server');

/** The packages a bundle imports (each must be in package.json's dependencies). */
export function importedPackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:')) continue;
      const parts = path.split('/');
      names.add(path.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? path));
    }
  return [...names].sort();
}

/**
 * A deep import into a package without an "exports" map (`ajv/dist/standalone`) resolves under
 * tsx and bundlers, which try extensions, but not under Node's ES module loader, which wants the
 * file's name. Such imports stay external with the file Node's require would load, extension
 * included (`ajv/dist/standalone/index.js`); packages with an exports map are left to it.
 */
const nodeSubpaths: Plugin = {
  name: 'node-subpaths',
  setup(context) {
    context.onResolve({ filter: /^(?:@[^/:]+\/)?[^./@:][^/:]*\/./ }, ({ path, resolveDir }) => {
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      const manifest = packageManifest(name, resolveDir);
      const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown };
      if (exports) return { path, external: true };
      const file = createRequire(manifest).resolve(path);
      return {
        path: `${name}/${relative(dirname(manifest), file).split(sep).join('/')}`,
        external: true,
      };
    });
  },
};

/** node_modules/<name>/package.json, looked up from a folder the way Node looks up packages. */
function packageManifest(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return manifest;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (imported from ${from})`);
  }
}

export async function buildServer(outDir: string = SERVER_OUT): Promise<Metafile> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'src/server/main.ts',
      'rules-worker': 'src/server/services/rules-worker.ts',
      // node --import ./dist/server/telemetry/register.js: traces when OTEL_EXPORTER_OTLP_ENDPOINT is set.
      'telemetry/register': 'src/server/telemetry/register.ts',
      'telemetry/tracing': 'src/server/telemetry/tracing.ts',
    },
    outdir: outDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Node prints the TypeScript file and line of an error (node --enable-source-maps).
    sourcesContent: false,
    metafile: true,
    plugins: [nodeSubpaths],
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  cpSync(
    join(ROOT, 'src/server/services/common-passwords.txt'),
    join(outDir, 'common-passwords.txt'),
  );
  return result.metafile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const metafile = await buildServer();
  console.log(
    `Wrote the server to ${SERVER_OUT} in ${Math.round(performance.now() - started)} ms ` +
      `(packages it loads: ${importedPackages(metafile).join(', ')})`,
  );
}
