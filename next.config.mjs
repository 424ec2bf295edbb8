import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Where the production build goes and `npm start` reads it. The suite's smoke test builds and
  // serves its own (.next-test), so `npm test` never touches the build a running `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres'],
  turbopack: { root: fileURLToPath(new URL('.', import.meta.url)) },
  // `npm run typecheck` (tsc) checks types; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // `npm run dev` serves Next's dev resources (HMR, and with it hydration) only to the origin it
  // knows, localhost; the loopback address is the same machine.
  allowedDevOrigins: ['127.0.0.1'],
};

export default nextConfig;
