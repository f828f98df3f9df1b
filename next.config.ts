import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships a wasm binary and data files that must be loaded from node_modules at runtime.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2'],
  // The embedded database migrates itself on first use, so the SQL files must ship with the server.
  outputFileTracingIncludes: { '/**': ['./db/migrations/**/*'] },
  poweredByHeader: false,
  // A second build directory lets a benchmark build run beside a development build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
