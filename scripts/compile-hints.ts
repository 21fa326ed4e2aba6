// V8's explicit compile hint (Chrome 136 and later): a chunk that starts with the magic comment
// `//# allFunctionsCalledOnLoad` has every function compiled as the file streams in, on a
// background thread, instead of each function on the main thread the first time it is called.
// The portal's chunks are loaded when they are about to run (the shell, a screen, the form engine),
// and most of their functions then run at once: in the bench's phone conditions (4x CPU, slow 4G)
// the bank-account form was usable 5-15% sooner with the hint, and Lighthouse's blocking time fell
// (docs/performance.md, 2026-11-28, evening). Browsers without the feature read a comment.
//
// Not hinted: chunks too small for their compilation to matter (each hint costs ~20 bytes over
// the wire), text chunks (data, no functions), and libraries of which a page calls a handful of
// functions out of many (every country's tax-id checks, the phone metadata, the UK modulus table):
// compiling all of those would be work and memory for nothing.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Below this many bytes of code a chunk compiles in well under a millisecond on a phone. */
export const COMPILE_HINT_MIN_BYTES = 4096;

/** Chunks (by their name in the build) whose loads call few of their functions. */
export const UNHINTED_CHUNKS: readonly string[] = [
  'vendor-tax-id',
  'vendor-phone',
  'vendor-uk-modulus',
];

/** A chunk whose modules are all JSON (the language texts) carries data, not functions. */
const onlyData = (moduleIds: readonly string[]): boolean =>
  moduleIds.length > 0 && moduleIds.every((id) => id.endsWith('.json'));

export function wantsCompileHint(chunk: {
  name: string;
  code: string;
  moduleIds: readonly string[];
}): boolean {
  return (
    Buffer.byteLength(chunk.code) >= COMPILE_HINT_MIN_BYTES &&
    !UNHINTED_CHUNKS.includes(chunk.name) &&
    !onlyData(chunk.moduleIds)
  );
}

/** Puts the hint on the first line of every chunk that wants it, once the code is final. */
export const compileHints = (): Plugin => ({
  name: 'payee-portal:compile-hints',
  apply: 'build',
  generateBundle: {
    // After Vite's own rewriting of the chunks (its preload lists), so nothing comes before it.
    order: 'post',
    handler(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !wantsCompileHint(output)) continue;
        output.code = `${COMPILE_HINT}\n${output.code}`;
        // A build with source maps: the code moved down one line, and so do its mappings.
        if (output.map) output.map.mappings = `;${output.map.mappings}`;
        const mapFile = bundle[`${output.fileName}.map`];
        if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
          const map = JSON.parse(mapFile.source) as { mappings: string };
          mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
        }
      }
    },
  },
});
