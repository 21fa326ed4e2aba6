// The precompressed copies the server sends (scripts/compress-assets.ts): each one unpacks to its
// file, and the gzip copy is Zopfli's — smaller than zlib's best level on real code, which is why
// the build spends the time on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { compressBytes, ZopfliPool } from '../../../scripts/compress-assets';

// A large minified file, as the portal's chunks are.
const code = readFileSync(
  join(import.meta.dirname, '../../../node_modules/react-dom/cjs/react-dom-client.production.js'),
);

describe('compressBytes', () => {
  it('writes copies that unpack to the file, the gzip one smaller than zlib level 9', async () => {
    const pool = new ZopfliPool(2);
    try {
      const [large, small] = await Promise.all([
        compressBytes(code, pool),
        compressBytes(code.subarray(0, 4096), pool),
      ]);
      expect(gunzipSync(large.gzip).equals(code)).toBe(true);
      expect(brotliDecompressSync(large.br).equals(code)).toBe(true);
      expect(gunzipSync(small.gzip).equals(code.subarray(0, 4096))).toBe(true);
      const zlib9 = gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;
      expect(large.gzip.length).toBeLessThan(zlib9 * 0.99);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
