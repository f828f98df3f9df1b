// `npm start`: Next.js's production server behind a listener of ours (lib/http/node-listener.mjs),
// because route handlers cannot see the TCP peer, per-address limits must not key on a header the
// client wrote, and every stage of a request needs a time limit. Like `next start`, it listens on
// PORT (default 3000) on every interface.
import { createListener } from './lib/http/node-listener.mjs';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const port = Number(process.env.PORT || 3000);
// A long-running server: board pages are rendered for its page cache through this address.
process.env.BOARDKIT_SERVER_ORIGIN = `http://127.0.0.1:${port}`;

const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createListener(handle, { trustedProxies: Number(process.env.TRUSTED_PROXY_COUNT || 0) });
server.listen(port, () => console.log(`  ▲ Boardkit ready on http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    app.close().finally(() => process.exit(0));
  });
}
