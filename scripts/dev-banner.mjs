// Printed by `npm run dev` before Next starts: how to get in on a fresh clone.
// `next dev` listens on PORT when set, so the default address follows it (as lib/core/env.ts does).
const url = (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');
const database = process.env.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${process.env.PGLITE_DATA_DIR ?? '.data/pglite'}`;
console.log(`
  Boardkit: database ${database}
  1. Open ${url}/sign-up and create an account (or run \`npm run db:seed\` first for demo@boardkit.local / boardkit-demo).
  2. Dashboard → API keys → Create API key.
  3. Your board: ${url}/b/<your organization slug> (after db:seed: ${url}/b/demo-board); the dashboard links to it.
  4. curl -H "x-api-key: <key>" ${url}/api/organization     API reference: ${url}/docs
`);
