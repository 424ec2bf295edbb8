/**
 * GET /docs/api-reference.js?v=<version>: Scalar's browser bundle, streamed from node_modules. The
 * page names it with the installed version, so a browser keeps it for a year and an upgrade
 * changes the URL. It goes out uncompressed (3.57 MB; gzip would make it 0.99 MB): Next drops
 * Content-Encoding and Content-Length from a route handler's answer, and the custom server does
 * not compress what Next answers here.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { SCALAR_BUNDLE_FILE } from '../scalar-bundle';

export function GET(): Response {
  const body = Readable.toWeb(createReadStream(SCALAR_BUNDLE_FILE)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
