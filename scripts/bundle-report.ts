// npm run build (after `vite build` and scripts/compress-assets.ts): what a visitor downloads to
// show each route of the route table first — the entry chunk and its static imports plus the
// route's lazily loaded screen chunk and its static imports — from dist/web/.vite/manifest.json,
// in the bytes the server sends: the size of each file's precompressed .gz (gzip) and .br
// (Brotli) copy, or of the file itself when it is too small to get one. Fails when a route is over
// its budget, counted in gzip (what every browser accepts): 90 KB for /auth/start, 200 KB for a
// form screen (one that loads the form engine's chunk), 135 KB for any other screen.
//
//   tsx scripts/bundle-report.ts [--dist dist/web] [--json]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { compressBytesSync, ENCODINGS, shouldPrecompress, type Encoding } from './compress-assets';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_ROOT = join(REPO_ROOT, 'src/web'); // vite's root: manifest keys are relative to it
const ROUTE_TABLE = join(WEB_ROOT, 'app/route-table.ts');

export const KB = 1024;
/** The first page a recipient sees must stay light (gzipped JavaScript, issue 27). */
export const BUDGETS: Record<string, number> = { '/auth/start': 90 * KB };
/** A screen with a form (issue 27). */
export const FORM_BUDGET = 200 * KB;
/** Every other screen of the signed-in portal (issue 27). */
export const SHELL_BUDGET = 135 * KB;
/** The form engine's chunk (vite.config.ts): a route that loads it is a form screen. */
const FORMS_CHUNK = /(^|\/)vendor-forms-[\w-]+\.js$/;

const budgetOf = (path: string, files: string[]): number =>
  BUDGETS[path] ?? (files.some((f) => FORMS_CHUNK.test(f)) ? FORM_BUDGET : SHELL_BUDGET);

/**
 * src/web/main.tsx boots a light start page on /auth/start (no router, no store) and the full app
 * everywhere else, each through a dynamic import: that module belongs to the route's first load.
 */
const LIGHT_START = { path: '/auth/start', boot: 'app/start-entry.tsx' };
const APP_BOOT = 'app/app-entry.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteTableEntry {
  path: string;
  /** The screen module, relative to src/web (e.g. features/auth/components/start-page.tsx). */
  screen?: string;
  redirect?: string;
}

export interface RouteReport {
  path: string;
  /** Bytes of the JavaScript files as sent gzipped (what the budget counts). */
  js: number;
  /** Bytes of the stylesheets those chunks bring, as sent gzipped. */
  css: number;
  /** The same files as sent with Brotli (what most browsers get). */
  brotli: { js: number; css: number };
  files: string[];
  /** The screen's own chunk, "entry" when bundled into the entry, or "→ target" for a redirect. */
  screen: string;
  /** Gzipped bytes the route may need: see budgetOf. */
  budget: number;
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
    return entry;
  });
}

/**
 * The bytes the server sends for a file of dist/web to a browser that accepts gzip (`gzip`), and
 * to one that accepts Brotli and gzip (`br`): the file's precompressed copy, or the file itself
 * when it gets none (under 1 KB, or a copy would be no smaller; then a Brotli browser gets the gzip
 * copy when there is one). A portal built by `vite build` alone has no copies yet (the bench and
 * the e2e setup build it so; `npm start` writes them at start): they are then made in memory
 * exactly as scripts/compress-assets.ts writes them, so the figures do not depend on which step
 * ran first.
 */
export function sentSizes(distDir: string, file: string): Record<Encoding, number> {
  const path = join(distDir, file);
  const stat = statSync(path);
  if (!shouldPrecompress(file, stat.size)) return { br: stat.size, gzip: stat.size };
  const copySize = (encoding: Encoding): number | undefined => {
    const copy = path + ENCODINGS[encoding];
    if (!existsSync(copy)) return undefined;
    const copyStat = statSync(copy);
    return copyStat.mtimeMs >= stat.mtimeMs ? copyStat.size : undefined;
  };
  let br = copySize('br');
  let gzip = copySize('gzip');
  if (br === undefined && gzip === undefined) {
    const made = compressBytesSync(readFileSync(path));
    if (made.br.length < stat.size) br = made.br.length;
    if (made.gzip.length < stat.size) gzip = made.gzip.length;
  }
  gzip ??= stat.size;
  return { br: br ?? gzip, gzip };
}

/** Per route of the route table, the compressed JavaScript (and CSS) needed to show it first. */
export function bundleReport(distDir = join(REPO_ROOT, 'dist/web')): RouteReport[] {
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(
      `${relative(REPO_ROOT, manifestFile)} is missing: run "vite build" (vite.config.ts sets build.manifest)`,
    );
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const sizes = new Map<string, Record<Encoding, number>>();
  const size = (file: string, encoding: Encoding) => {
    let sent = sizes.get(file);
    if (sent === undefined) {
      sent = sentSizes(distDir, file);
      sizes.set(file, sent);
    }
    return sent[encoding];
  };
  /** A chunk and everything it imports statically. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const measure = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    const sum = (files: Set<string>, encoding: Encoding) =>
      [...files].reduce((total, f) => total + size(f, encoding), 0);
    return {
      js: sum(js, 'gzip'),
      css: sum(css, 'gzip'),
      brotli: { js: sum(js, 'br'), css: sum(css, 'br') },
      files: [...js, ...css].sort(),
    };
  };

  return readRouteTable()
    .map((route): RouteReport => {
      const keys = closure(entryKey);
      const light = route.path === LIGHT_START.path;
      const boot = light ? LIGHT_START.boot : APP_BOOT;
      if (manifest[boot]) closure(boot, keys);
      let screen = 'entry';
      if (route.redirect) screen = `→ ${route.redirect}`;
      else if (light) screen = `light start page (${boot})`;
      else if (route.screen && manifest[route.screen]) {
        closure(route.screen, keys);
        screen = manifest[route.screen]!.file.replace(/^assets\//, '');
      }
      const measured = measure(keys);
      return {
        path: route.path,
        ...measured,
        screen,
        budget: budgetOf(route.path, measured.files),
      };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export const overBudget = (report: RouteReport[]) => report.filter((r) => r.js > r.budget);

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function formatReport(report: RouteReport[]): string {
  const rows = [
    ['route', 'JS (gzip)', 'JS (br)', 'CSS (gzip)', 'CSS (br)', 'budget (JS gzip)', 'screen chunk'],
    ...report.map((r) => [
      r.path,
      kb(r.js),
      kb(r.brotli.js),
      kb(r.css),
      kb(r.brotli.css),
      `${kb(r.budget)} ${r.js > r.budget ? '✗' : '✓'}`,
      r.screen,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const figure = (i: number) => i >= 1 && i <= 4;
  const line = (row: string[]) =>
    row
      .map((cell, i) => (figure(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    'First load per route: entry, the boot module main.tsx picks, the route screen, and their static imports,',
    'in the bytes the server sends (the precompressed .gz and .br copies; 1 KB = 1024 bytes)',
    line(rows[0]!),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.slice(1).map(line),
  ].join('\n');
}

function main(argv: string[]): number {
  const distArg = argv.indexOf('--dist');
  const dist = distArg >= 0 && argv[distArg + 1] ? resolve(argv[distArg + 1]!) : undefined;
  let report: RouteReport[];
  try {
    report = bundleReport(dist);
  } catch (error) {
    console.error(`bundle-report: ${(error as Error).message}`);
    return 2;
  }
  console.log(argv.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
  const over = overBudget(report);
  for (const r of over) {
    console.error(
      `\nbundle-report: ${r.path} needs ${kb(r.js)} of gzipped JavaScript, over its budget of ${kb(r.budget)} by ${kb(r.js - r.budget)}.` +
        `\n  Keep what the route's first render does not need out of the entry chunk (lazy imports).`,
    );
  }
  return over.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
