// The API's answers (auth, data, functions, the transparency log) go compressed to a client that
// accepts it, as they do from a hosted Supabase behind its gateway. A phone on a slow link waited for
// every byte: My Assets' first page (20 assets, each with its photo's signed URL) is 24 KB of JSON,
// 280 ms at 1.6 Mbit/s where a small answer took 160 ms (issue 29, bench/RESULTS.md).
//
// Not here: storage (photos, videos and PDFs are compressed formats already, and downloads answer byte
// ranges) and the web app's files (compressed once, at build time or on their first request, by
// plugins/web.ts). Replies with a Content-Range are left as they are by the plugin: the data API's
// list answers carry one (PostgREST's item range), so only their small, single-row answers and the
// other services' answers are compressed.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const apiCompression = fp(async (app) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Below a kilobyte the headers cost more than the bytes saved.
    threshold: 1024,
    // Brotli's quality 4 costs about what gzip does for a few kilobytes of JSON; its maximum (11)
    // is for files compressed once, not for each answer.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are never inflated: a small compressed body must not become a large one
    // behind the body limits.
    globalDecompression: false,
  });
});
