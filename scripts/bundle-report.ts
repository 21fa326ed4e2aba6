// npm run build (after `vite build` and scripts/compress-assets.ts): what a visitor downloads to
// show each route of the route table first — the entry chunk and its static imports plus the
// route's lazily loaded screen chunk, what the screen asks for itself once its module runs
// (`loadsLater`: the form engine) and their static imports — from dist/web/.vite/manifest.json,
// in the bytes the server sends: the size of each file's precompressed .gz (gzip) and .br
// (Brotli) copy, or of the file itself when it is too small to get one. Fails when a route is over
// its budget, counted in gzip (what every browser accepts): 90 KB for /auth/start, 200 KB for a
// form screen (one that loads the form engine's chunk), 135 KB for any other screen.
//
//   tsx scripts/bundle-report.ts [--dist dist/web] [--json]
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compressAssets, ENCODINGS, shouldPrecompress, type Encoding } from './compress-assets';
import { readManifest, routeFirstLoads } from './route-files';
import { FORMS_CHUNK } from '../src/core/routes/route-files';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const KB = 1024;
/** The first page a recipient sees must stay light (gzipped JavaScript, issue 27). */
export const BUDGETS: Record<string, number> = { '/auth/start': 90 * KB };
/** A screen with a form (issue 27). */
export const FORM_BUDGET = 200 * KB;
/**
 * Every other screen of the signed-in portal (issue 27). On React 19 the code every signed-in
 * screen shares is ~131 KB gzipped (Zopfli) before any screen's own code (react-dom alone is ~72 KB,
 * then i18next, react-router and RTK Query: docs/performance.md): a screen has ~4 KB of its own.
 */
export const SHELL_BUDGET = 135 * KB;

const budgetOf = (path: string, files: string[]): number =>
  BUDGETS[path] ?? (files.some((f) => FORMS_CHUNK.test(f)) ? FORM_BUDGET : SHELL_BUDGET);

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

/**
 * The bytes the server sends for a file of dist/web to a browser that accepts gzip (`gzip`), and
 * to one that accepts Brotli and gzip (`br`): the file's precompressed copy, or the file itself
 * when it gets none (under 256 bytes, or a copy would be no smaller; then a Brotli browser gets the
 * gzip copy when there is one). `bundleReport` writes the missing copies first.
 */
export function sentSizes(distDir: string, file: string): Record<Encoding, number> {
  const path = join(distDir, file);
  const stat = statSync(path);
  if (!shouldPrecompress(file, stat.size)) return { br: stat.size, gzip: stat.size };
  const copySize = (encoding: Encoding): number | undefined => {
    const copy = path + ENCODINGS[encoding];
    return existsSync(copy) ? statSync(copy).size : undefined;
  };
  const gzip = copySize('gzip') ?? stat.size;
  return { br: copySize('br') ?? gzip, gzip };
}

/**
 * Per route of the route table, the compressed JavaScript (and CSS) needed to show it first. A
 * portal built by `vite build` alone has no compressed copies yet (`npm start` writes them at
 * start): the missing or stale ones are written first, exactly as scripts/compress-assets.ts
 * writes them, so the figures are the bytes the server will send whichever step ran first.
 */
export async function bundleReport(distDir = join(REPO_ROOT, 'dist/web')): Promise<RouteReport[]> {
  const manifest = readManifest(distDir);
  await compressAssets(distDir);
  const sizes = new Map<string, Record<Encoding, number>>();
  const size = (file: string, encoding: Encoding) => {
    let sent = sizes.get(file);
    if (sent === undefined) {
      sent = sentSizes(distDir, file);
      sizes.set(file, sent);
    }
    return sent[encoding];
  };
  const sum = (files: string[], encoding: Encoding) =>
    files.reduce((total, f) => total + size(f, encoding), 0);

  return routeFirstLoads(manifest)
    .map((route): RouteReport => {
      // What the screen asks for itself as its module runs is part of showing it (the form).
      const files = [...route.files, ...route.later].sort();
      const js = files.filter((f) => f.endsWith('.js'));
      const css = files.filter((f) => f.endsWith('.css'));
      return {
        path: route.path,
        js: sum(js, 'gzip'),
        css: sum(css, 'gzip'),
        brotli: { js: sum(js, 'br'), css: sum(css, 'br') },
        files,
        screen: route.screenChunk,
        budget: budgetOf(route.path, files),
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

async function main(argv: string[]): Promise<number> {
  const distArg = argv.indexOf('--dist');
  const dist = distArg >= 0 && argv[distArg + 1] ? resolve(argv[distArg + 1]!) : undefined;
  let report: RouteReport[];
  try {
    report = await bundleReport(dist);
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
  process.exitCode = await main(process.argv.slice(2));
}
