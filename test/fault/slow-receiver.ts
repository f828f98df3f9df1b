// A webhook endpoint that takes its time: each request is recorded as soon as its body has arrived,
// and answered 200 only after `delayMs`, so a sender killed meanwhile never learns it was received.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export class SlowReceiver {
  readonly received: Received[] = [];
  /** Requests received and not answered yet. */
  readonly waiting = new Set<Received>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly delayMs: number) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received: Received = {
          id: String(request.headers['webhook-id']),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(received);
        this.waiting.add(received);
        setTimeout(() => {
          this.waiting.delete(received);
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end('ok');
        }, this.delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** How many times each webhook-id arrived. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { id } of this.received) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
