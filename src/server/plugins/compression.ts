// Compression of what the server sends (issue 27). The portal's files are compressed once, at
// build (scripts/compress-assets.ts writes <file>.br and <file>.gz; routes/web.ts serves them by
// Accept-Encoding); the answers of the API and the server's own pages (JSON, HTML, the rules'
// validator modules) are compressed here, as they are sent, by @fastify/compress.
//
// Why compressing these answers does not open a BREACH-style leak: such an attack needs a secret
// the server puts in a body next to text the attacker chooses, in answers the victim's browser
// fetches with its cookies many times over. The session id and the CSRF token travel only in
// cookies and the x-csrf-token header, which are not compressed (HTTP/1.1 headers never are) and
// which no body repeats; the sign-in pages reflect what the request itself carries (state, email,
// the reset token of the link) and hold no secret of their own; the session cookie is
// SameSite=Lax, so the cross-site requests such an attack is made of carry no session.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Below this many bytes an answer (or a built file) is sent as it is: the saving is a few hundred
 * bytes at most, less than what compressing costs, and a small file may even grow.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** The built files worth compressing: text (the JavaScript, styles, HTML, JSON, SVG). */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/i;

export default fp(async function compression(app) {
  await app.register(compress, {
    // What every browser accepts; zstd (Node 22.15+) and deflate are left out, so a client gets
    // the same encodings from the API as from the portal's precompressed files.
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    // Brotli at @fastify/compress's quality 4 (11 costs far more CPU per answer than it saves).
    // Request bodies stay uncompressed: accepting compressed bodies is an attack surface
    // (decompression bombs) no client of this API needs.
    globalDecompression: false,
  });
});
