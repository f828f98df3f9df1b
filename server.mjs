// `npm start`: Next.js's production server behind a listener of ours, because route handlers
// cannot see the TCP peer, and per-address limits must not key on a header the client wrote
// (lib/http/client-address.ts). Like `next start`, it listens on PORT (default 3000) on every interface.
import { createServer } from 'node:http';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const PEER_ADDRESS_HEADER = 'x-boardkit-peer-address';
const port = Number(process.env.PORT || 3000);
// A long-running server: board pages are rendered for its page cache through this address.
process.env.BOARDKIT_SERVER_ORIGIN = `http://127.0.0.1:${port}`;

const app = next({ dev: false, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  // Overwrites whatever a client sent under this name.
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
  handle(request, response);
});
server.listen(port, () => console.log(`  ▲ Boardkit ready on http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close();
    app.close().finally(() => process.exit(0));
  });
}
