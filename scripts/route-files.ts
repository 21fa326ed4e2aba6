// The files each route of the portal's route table needs for its first render, read from Vite's
// manifest: the entry chunk and its static imports, the boot module main.tsx picks, the route's
// screen chunk and their static imports; apart, what the screen asks for itself once its module
// runs (`loadsLater`: the form engine), which the bundle report counts and the page announces
// only once the shell's files are all but in (src/core/routes/page-script.ts). The bundle report
// counts them (scripts/bundle-report.ts);
// the build writes them for the server (vite.config.ts → src/core/routes/route-files.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { FORM_NAMESPACES } from '../src/core/i18n/namespaces';
import type { RouteFiles } from '../src/core/routes/route-files';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_ROOT = join(REPO_ROOT, 'src/web'); // vite's root: manifest keys are relative to it
const ROUTE_TABLE = join(WEB_ROOT, 'app/route-table.ts');

/**
 * src/web/main.tsx boots a light start page on /auth/start (no router, no store) and the full app
 * everywhere else, each through a dynamic import: that module belongs to the route's first load.
 */
export const LIGHT_START = { path: '/auth/start', boot: 'app/start-entry.tsx' };
export const APP_BOOT = 'app/app-entry.tsx';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteTableEntry {
  path: string;
  /** The screen module, relative to src/web (e.g. features/auth/components/start-page.tsx). */
  screen?: string;
  /** The module the screen asks for itself once its module runs (relative to src/web). */
  loadsLater?: string;
  /** The generated form the screen opens on arrival (`opensForm`), e.g. bank-account. */
  opensForm?: string;
  redirect?: string;
}

const resolveModule = (fromDir: string, specifier: string): string | undefined => {
  const base = resolve(fromDir, specifier);
  const found = [
    base,
    ...['.tsx', '.ts', '.jsx', '.js'].map((e) => base + e),
    ...['index.tsx', 'index.ts'].map((f) => join(base, f)),
  ].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return found && relative(WEB_ROOT, found).split('\\').join('/');
};

/**
 * The routes of src/web/app/route-table.ts and the module each route's `screen` imports, read from
 * the source with the TypeScript parser (the table itself imports React screens).
 */
export function readRouteTable(file = ROUTE_TABLE): RouteTableEntry[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const firstImport = (node: ts.Node): string | undefined => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      return node.arguments[0].text;
    return ts.forEachChild(node, firstImport);
  };
  // Top-level helpers such as `const placeholder = () => import('...')`.
  const constants = new Map<string, ts.Expression>();
  let routes: ts.ArrayLiteralExpression | undefined;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      constants.set(declaration.name.text, declaration.initializer);
      if (
        declaration.name.text === 'ROUTES' &&
        ts.isArrayLiteralExpression(declaration.initializer)
      )
        routes = declaration.initializer;
    }
  }
  if (!routes) throw new Error(`${relative(REPO_ROOT, file)}: no "export const ROUTES = [...]"`);

  const fromDir = dirname(file);
  return routes.elements.filter(ts.isObjectLiteralExpression).map((route) => {
    const property = (name: string) =>
      route.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
      )?.initializer;
    const path = property('path');
    if (!path || !ts.isStringLiteralLike(path))
      throw new Error(`${relative(REPO_ROOT, file)}: a route without a literal path`);
    const entry: RouteTableEntry = { path: path.text };
    const redirect = property('redirect');
    if (redirect && ts.isStringLiteralLike(redirect)) entry.redirect = redirect.text;
    const screen = property('screen');
    if (screen) {
      const specifier =
        firstImport(screen) ??
        (ts.isIdentifier(screen) ? firstImport(constants.get(screen.text) ?? screen) : undefined);
      if (!specifier)
        throw new Error(`route ${entry.path}: cannot find the module its screen imports`);
      const module = resolveModule(fromDir, specifier);
      if (!module) throw new Error(`route ${entry.path}: cannot resolve "${specifier}"`);
      entry.screen = module;
    }
    const later = property('loadsLater');
    if (later) {
      const value = ts.isIdentifier(later) ? constants.get(later.text) : later;
      const module =
        value && ts.isStringLiteralLike(value) ? resolveModule(WEB_ROOT, value.text) : undefined;
      if (!module) throw new Error(`route ${entry.path}: cannot resolve its loadsLater module`);
      entry.loadsLater = module;
    }
    const form = property('opensForm');
    if (form) {
      if (!ts.isStringLiteralLike(form))
        throw new Error(`route ${entry.path}: opensForm is not a literal form id`);
      entry.opensForm = form.text;
    }
    return entry;
  });
}

export interface RouteFirstLoad extends RouteTableEntry {
  /** The JavaScript and CSS files of the route's first render, sorted. */
  files: string[];
  /** Those the screen asks for itself (loadsLater), not already in files. */
  later: string[];
  /** The screen's own chunk, "entry" when bundled into the entry, or "→ target" for a redirect. */
  screenChunk: string;
}

export function readManifest(distDir: string): Manifest {
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(
      `${relative(REPO_ROOT, manifestFile)} is missing: run "vite build" (vite.config.ts sets build.manifest)`,
    );
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** A chunk of the manifest and everything it imports statically (manifest keys). */
function importClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) importClosure(manifest, imported, seen);
  return seen;
}

/** The JavaScript and CSS files of manifest chunks, sorted. */
function chunkFiles(manifest: Manifest, keys: Set<string>): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
  }
  return [...files].sort();
}

/** Per route of the route table, the files of its first render. */
export function routeFirstLoads(manifest: Manifest, table = readRouteTable()): RouteFirstLoad[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const closure = (key: string, seen?: Set<string>) => importClosure(manifest, key, seen);
  const filesOf = (keys: Set<string>) => chunkFiles(manifest, keys);
  // The app's boot module may travel inside a shared chunk (vite.config.ts groups it with the
  // store and the router): then it is the entry's dynamic import that is neither the light start
  // page nor the rules console.
  const appBoot =
    manifest[APP_BOOT] !== undefined
      ? APP_BOOT
      : manifest[entryKey]?.dynamicImports?.find(
          (key) => key !== LIGHT_START.boot && !key.startsWith('console/'),
        );
  if (!appBoot) throw new Error(`the manifest has no chunk for ${APP_BOOT}`);
  return table.map((route) => {
    const keys = closure(entryKey);
    const light = route.path === LIGHT_START.path;
    closure(light ? LIGHT_START.boot : appBoot, keys);
    let screenChunk = 'entry';
    if (route.redirect) screenChunk = `→ ${route.redirect}`;
    else if (light) screenChunk = `light start page (${LIGHT_START.boot})`;
    else if (route.screen && manifest[route.screen]) {
      closure(route.screen, keys);
      screenChunk = manifest[route.screen]!.file.replace(/^assets\//, '');
    }
    const files = filesOf(keys);
    const later = route.loadsLater
      ? filesOf(closure(route.loadsLater)).filter((file) => !files.includes(file))
      : [];
    return { ...route, files, later, screenChunk };
  });
}

/**
 * The chunk of each namespace of each language (locales/<language>/<namespace>.json); a language's
 * form texts share the chunk vite.config.ts names form-texts-<language>.
 */
export function localeChunks(manifest: Manifest): RouteFiles['locales'] {
  const locales: RouteFiles['locales'] = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const own = /(?:^|\/)locales\/([\w-]+)\/([\w-]+)\.json$/.exec(key);
    if (own) (locales[own[1]!] ??= {})[own[2]!] = chunk.file;
    const formTexts = /^form-texts-([\w-]+)$/.exec(chunk.name ?? '');
    if (formTexts)
      for (const namespace of FORM_NAMESPACES)
        (locales[formTexts[1]!] ??= {})[namespace] = chunk.file;
  }
  return locales;
}

/**
 * For each form a route opens (`opensForm`), the files of its uiSchema and, by country, those of
 * its precompiled variants (every transfer method's), each with what they import: the server
 * announces the opening country's with the screen's later files.
 */
export function formChunks(
  manifest: Manifest,
  routes: readonly RouteFirstLoad[],
): RouteFiles['forms'] {
  const variants = JSON.parse(
    readFileSync(join(REPO_ROOT, 'src/core/generated/validators/manifest.json'), 'utf8'),
  ) as { file: string; formId: string; country?: string; method?: string }[];
  const forms: NonNullable<RouteFiles['forms']> = {};
  for (const formId of new Set(routes.flatMap((r) => (r.opensForm ? [r.opensForm] : [])))) {
    // What every route opening the form loads first anyway (the shell) is not repeated.
    const opening = routes.filter((r) => r.opensForm === formId);
    const loaded = (file: string) => opening.every((r) => r.files.includes(file));
    const own = (keys: Set<string>) => chunkFiles(manifest, keys).filter((file) => !loaded(file));
    // By country, then by transfer method (one variant each), in the manifest's order.
    const countries: Record<string, Record<string, string[]>> = {};
    for (const variant of variants.filter((v) => v.formId === formId)) {
      const keys = importClosure(manifest, `../core/generated/validators/${variant.file}`);
      (countries[variant.country ?? '_default'] ??= {})[variant.method ?? ''] = own(keys);
    }
    forms[formId] = {
      files: own(importClosure(manifest, `../../ui-schemas/${formId}.json`)),
      countries,
    };
  }
  return forms;
}

/** What the server reads to announce a route's files (src/core/routes/route-files.ts). */
export const routeFiles = (manifest: Manifest): RouteFiles => {
  const routes = routeFirstLoads(manifest);
  const forms = formChunks(manifest, routes);
  return {
    routes: routes.map(({ path, files, later, opensForm }) => ({
      path,
      files,
      ...(later.length ? { later } : {}),
      ...(opensForm ? { opensForm } : {}),
    })),
    locales: localeChunks(manifest),
    ...(forms && Object.keys(forms).length ? { forms } : {}),
  };
};
