// A client that does what the API asks of one: every POST /api/jobs carries an Idempotency-Key, and
// a request without a definite answer (503, 409 idempotency_key_in_use, no answer at all) is sent
// again with the same key and body, after the Retry-After it was given.
import { randomBytes } from 'node:crypto';
import { sleep } from './app';

/** A request slower than this is a hang: a database that is down must be answered within seconds. */
export const HANG_MS = 15_000;
/** New writes start at most this often (all workers together); retries go as soon as they are due. */
const NEW_WRITE_GAP_MS = 25;

export interface Attempt {
  key: string;
  /** HTTP status, or `no_answer` (the connection failed) or `hang` (no answer within HANG_MS). */
  status: number | 'no_answer' | 'hang';
  code?: string;
  retryAfter?: string | null;
  replayed: boolean;
  startedAt: number;
  endedAt: number;
  /** The body's `data.id` on success. */
  jobId?: string;
  /** What went wrong on a 503 that did not have the expected shape, etc. */
  problem?: string;
}

export interface KeyState {
  key: string;
  title: string;
  attempts: Attempt[];
  answer?: Attempt;
  retryAt: number;
  busy: boolean;
}

/** Whether the client may stop retrying: a success, or a refusal that another try would not change. */
export function isDefinite(attempt: Attempt): boolean {
  if (typeof attempt.status !== 'number') return false;
  if (attempt.status >= 500) return false;
  if (attempt.status === 409 && attempt.code === 'idempotency_key_in_use') return false;
  return attempt.status !== 429;
}

export class IdempotentWriter {
  readonly keys = new Map<string, KeyState>();
  readonly attempts: Attempt[] = [];
  private readonly run = randomBytes(4).toString('hex');
  private next = 0;
  private creating = true;
  private lastNew = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** Stop starting new writes; the workers end once every key has a definite answer. */
  stopCreating(): void {
    this.creating = false;
  }

  /** Keys that an attempt ending in [from, to] left without a definite answer at `to`. */
  keysCutBy(from: number, to: number): KeyState[] {
    return [...this.keys.values()].filter(
      (state) =>
        state.attempts.some((attempt) => attempt.endedAt >= from && attempt.endedAt <= to) &&
        !(state.answer && state.answer.endedAt <= to),
    );
  }

  pending(): KeyState[] {
    return [...this.keys.values()].filter((state) => !state.answer);
  }

  /** Runs `concurrency` workers until stopCreating() and every key is answered, or the deadline. */
  async drive(concurrency: number, deadline: () => number): Promise<void> {
    await Promise.all(Array.from({ length: concurrency }, () => this.worker(deadline)));
  }

  private async worker(deadline: () => number): Promise<void> {
    while (Date.now() < deadline()) {
      const state = this.nextRetry() ?? this.newKey();
      if (!state) {
        if (!this.creating && this.pending().length === 0) return;
        await sleep(10);
        continue;
      }
      state.busy = true;
      const attempt = await this.send(state);
      state.busy = false;
      state.attempts.push(attempt);
      this.attempts.push(attempt);
      if (isDefinite(attempt)) {
        state.answer = attempt;
      } else {
        // Retry-After on a 503; a key still held by a request the outage cut short frees after its lock.
        const seconds = Number(attempt.retryAfter);
        state.retryAt = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1_000 : 1_000);
      }
    }
  }

  private nextRetry(): KeyState | undefined {
    const now = Date.now();
    for (const state of this.keys.values()) {
      if (!state.answer && !state.busy && state.retryAt <= now) return state;
    }
    return undefined;
  }

  private newKey(): KeyState | undefined {
    if (!this.creating || Date.now() - this.lastNew < NEW_WRITE_GAP_MS) return undefined;
    this.lastNew = Date.now();
    const key = `fault-${this.run}-${++this.next}`;
    const state: KeyState = { key, title: `Fault job ${key}`, attempts: [], retryAt: 0, busy: false };
    this.keys.set(key, state);
    return state;
  }

  private async send(state: KeyState): Promise<Attempt> {
    const startedAt = Date.now();
    const base = { key: state.key, replayed: false, startedAt };
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}/api/jobs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': this.apiKey,
          'idempotency-key': state.key,
        },
        body: JSON.stringify({
          title: state.title,
          description: 'Written while the database may be down.',
          company_name: 'Fault Tests',
        }),
        signal: AbortSignal.timeout(HANG_MS),
      });
      text = await response.text();
    } catch (error) {
      const hang = (error as Error).name === 'TimeoutError';
      return { ...base, status: hang ? 'hang' : 'no_answer', endedAt: Date.now() };
    }
    const endedAt = Date.now();
    let body: { data?: { id?: string }; error?: { code?: string; request_id?: string } } = {};
    try {
      body = JSON.parse(text);
    } catch {}
    const attempt: Attempt = {
      ...base,
      status: response.status,
      code: body.error?.code,
      retryAfter: response.headers.get('retry-after'),
      replayed: response.headers.get('idempotent-replayed') === 'true',
      endedAt,
      jobId: body.data?.id,
    };
    if (response.status === 503) {
      const requestId = response.headers.get('x-request-id');
      if (body.error?.code !== 'service_unavailable') attempt.problem = `503 with code ${body.error?.code}`;
      else if (attempt.retryAfter !== '5') attempt.problem = `503 with Retry-After ${attempt.retryAfter}`;
      else if (!requestId || body.error.request_id !== requestId) attempt.problem = '503 without request id';
    }
    return attempt;
  }
}
