// npm run build (after `vite build`; npm start does it too): writes <file>.br (Brotli, quality 11)
// and <file>.gz (gzip made by Zopfli, about 3 % smaller than zlib's level 9 on the portal's chunks
// and read by every gzip client) beside every text file of dist/web of 256 bytes or more, once, so the server sends the
// smallest encoding a browser accepts without compressing on each request
// (src/server/routes/web.ts). Smaller files, and files of other types, are sent as they are, and
// get no compressed copy. A copy no smaller than its file is not written. Up-to-date copies are
// kept; copies whose file is gone are removed.
//
//   tsx scripts/compress-assets.ts [--dist dist/web] [--force]
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_FILE } from '../src/server/plugins/compression';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = join(REPO_ROOT, 'dist/web');

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encodings written, by the extension of their copy. */
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;

/**
 * Below this a file goes out as it is. Lower than the API's on-the-fly threshold: a copy made
 * once costs no CPU per request, and the portal's small screen chunks (300-900 bytes) shrink by
 * a third to a half.
 */
export const PRECOMPRESS_MIN_BYTES = 256;

/**
 * Whether the server sends a compressed copy of this file (its path relative to dist/web, its
 * size): text of PRECOMPRESS_MIN_BYTES or more, outside dot folders (.vite holds the manifest).
 */
export const shouldPrecompress = (file: string, size: number): boolean =>
  size >= PRECOMPRESS_MIN_BYTES && COMPRESSIBLE_FILE.test(file) && !/(^|\/)\./.test(file);

/** Brotli at its best (quality 11), told it is text of this size. */
const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
const gzipOptions = { level: constants.Z_BEST_COMPRESSION };

/**
 * Zopfli's options by size. Block splitting takes a few hundred bytes off a large chunk; on the
 * portal's hundreds of small, repetitive validator chunks it and more iterations cost seconds
 * each for next to nothing (measured: 15 iterations gain 0.04 % over 5 on the core chunk; 5 gain
 * 0.1 % over 1 on the small files, for three times the time).
 */
export const zopfliOptions = (size: number) =>
  size >= 32 * 1024
    ? { numiterations: 5, blocksplitting: true }
    : { numiterations: 1, blocksplitting: false };

// Zopfli (@gfx/zopfli, WebAssembly) runs on the thread that calls it: a few worker threads let the
// build use every core. Plain JavaScript evaluated in the worker, so it runs the same under tsx,
// vitest and node.
const ZOPFLI_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzip } = require(workerData.zopfli);
parentPort.on('message', ({ id, bytes, options }) =>
  gzip(bytes, options, (error, output) =>
    parentPort.postMessage({ id, error: error ? String(error) : null, output }, [output.buffer])));
`;
const ZOPFLI_MODULE = createRequire(import.meta.url).resolve('@gfx/zopfli');

interface ZopfliAnswer {
  id: number;
  error: string | null;
  output: Uint8Array;
}

/** Worker threads that gzip with Zopfli, one file at a time each; `close` ends them. */
export class ZopfliPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<
    number,
    { resolve: (output: Buffer) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;
  private readonly workers: Worker[];

  constructor(size = Math.max(1, Math.min(availableParallelism(), 4))) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(ZOPFLI_WORKER, {
        eval: true,
        workerData: { zopfli: ZOPFLI_MODULE },
      });
      worker.on('message', ({ id, error, output }: ZopfliAnswer) => {
        const job = this.pending.get(id)!;
        this.pending.delete(id);
        this.release(worker);
        if (error) job.reject(new Error(`zopfli: ${error}`));
        else job.resolve(Buffer.from(output.buffer, output.byteOffset, output.byteLength));
      });
      worker.on('error', (error) => {
        for (const job of this.pending.values()) job.reject(error);
        this.pending.clear();
      });
      return worker;
    });
    this.idle.push(...this.workers);
  }

  private release(worker: Worker) {
    this.idle.push(worker);
    this.waiting.shift()?.();
  }

  async gzip(bytes: Buffer): Promise<Buffer> {
    while (!this.idle.length) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.idle.pop()!;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes, options: zopfliOptions(bytes.length) });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/**
 * The bytes of each copy: what `compressAssets` writes, and what the server then sends. The gzip
 * copy is Zopfli's, or zlib's level 9 when that is smaller (a few tiny files).
 */
export async function compressBytes(
  bytes: Buffer,
  zopfli: ZopfliPool,
): Promise<Record<Encoding, Buffer>> {
  const [br, zlibbed, zopflied] = await Promise.all([
    brotli(bytes, brotliOptions(bytes)),
    gzipped(bytes, gzipOptions),
    zopfli.gzip(bytes),
  ]);
  return { br, gzip: zopflied.length <= zlibbed.length ? zopflied : zlibbed };
}

/** Every file under `dir`, relative to it, with `/` separators. */
function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path, base);
    return entry.isFile() ? [relative(base, path).split('\\').join('/')] : [];
  });
}

/** A copy is up to date when it was written after its file. */
const upToDate = (file: string, copy: string): boolean =>
  existsSync(copy) && statSync(copy).mtimeMs >= statSync(file).mtimeMs;

export interface CompressSummary {
  /** Files given compressed copies in this run. */
  written: number;
  /** Files whose copies were already up to date. */
  kept: number;
  /** Copies removed because their file is gone, or no longer gets one. */
  removed: number;
  /** Bytes of the files compressed in this run, and of their copies. */
  bytes: number;
  br: number;
  gzip: number;
}

/** Writes the compressed copies of dist/web (or `dir`); `force` rewrites up-to-date ones too. */
export async function compressAssets(
  dir = WEB_DIST,
  { force = false }: { force?: boolean } = {},
): Promise<CompressSummary> {
  const summary: CompressSummary = { written: 0, kept: 0, removed: 0, bytes: 0, br: 0, gzip: 0 };
  const files = listFiles(dir);
  const copyExtension = /\.(?:br|gz)$/;
  const originals = new Set(files.filter((f) => !copyExtension.test(f)));
  const todo: string[] = [];
  for (const file of originals) {
    const path = join(dir, file);
    if (!shouldPrecompress(file, statSync(path).size)) continue;
    const copies = Object.values(ENCODINGS).map((extension) => path + extension);
    if (!force && copies.every((copy) => upToDate(path, copy))) summary.kept++;
    else todo.push(file);
  }
  // Copies of files that are gone or are no longer compressed (a rebuilt file under 1 KB).
  for (const file of files) {
    const original = file.replace(copyExtension, '');
    if (original === file) continue;
    const size = originals.has(original) ? statSync(join(dir, original)).size : -1;
    if (size < 0 || !shouldPrecompress(original, size)) {
      rmSync(join(dir, file));
      summary.removed++;
    }
  }
  if (!todo.length) return summary;
  // zlib's asynchronous calls run on libuv's threads, Zopfli on the pool's: a few files at a time
  // use every core. The largest first, so no large file is left for the end.
  todo.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
  const zopfli = new ZopfliPool();
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  let next = 0;
  const work = async () => {
    while (next < todo.length) {
      const file = todo[next++]!;
      const path = join(dir, file);
      const bytes = readFileSync(path);
      const compressed = await compressBytes(bytes, zopfli);
      summary.written++;
      summary.bytes += bytes.length;
      for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
        const copy = path + ENCODINGS[encoding];
        const output = compressed[encoding];
        if (output.length < bytes.length) {
          // Renamed into place: a server (or a second process) never reads half a copy.
          const partial = `${copy}.${process.pid}.tmp`;
          writeFileSync(partial, output);
          renameSync(partial, copy);
          summary[encoding] += output.length;
        } else {
          rmSync(copy, { force: true });
          summary[encoding] += bytes.length;
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, work));
  } finally {
    await zopfli.close();
  }
  return summary;
}

async function main(argv: string[]): Promise<number> {
  const distArg = argv.indexOf('--dist');
  const dir = distArg >= 0 && argv[distArg + 1] ? resolve(argv[distArg + 1]!) : WEB_DIST;
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`compress-assets: ${relative(REPO_ROOT, dir)} has no index.html: run vite build`);
    return 2;
  }
  const started = Date.now();
  const s = await compressAssets(dir, { force: argv.includes('--force') });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `compress-assets: ${s.written} files compressed (${kb(s.bytes)} → br ${kb(s.br)}, gzip ${kb(s.gzip)}), ` +
      `${s.kept} up to date, ${s.removed} stale copies removed, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
