// Every request the crawler makes goes through here: timed, recorded in the table, checked for the
// rules that hold for every answer (an answer at all, no 5xx, within the time limit, no paid words).
import { type Answer, type Ask, request } from './http';

export interface Failure {
  check: string;
  problem: string;
  request: string;
}

export interface Limits {
  /** Every answer after a route's first: the issue's 2 s. */
  ms: number;
  /** A route's first answer (modules load, caches fill): every board address within 5 s. */
  firstMs: number;
}

export interface Secret {
  word: string;
  where: string;
}

export class Recorder {
  readonly table: (Answer & { check: string; first: boolean })[] = [];
  /** Answers over the limit whose second asking was in time. */
  readonly slowOnce: (Answer & { check: string; first: boolean })[] = [];
  readonly failures: Failure[] = [];
  /** First answers per route and variant, to report how slow a cold route is. */
  readonly firsts = new Map<string, number>();
  private readonly warm = new Set<string>();

  constructor(
    readonly limits: Limits,
    private readonly secrets: Secret[],
    /** May appear only in answers to addresses that hold it (the search echoes `q`). */
    private readonly searchWord: string,
  ) {}

  fail(
    check: string,
    problem: string,
    answer?: Pick<Answer, 'method' | 'url'>,
    headers?: Record<string, string>,
  ) {
    const shown = headers && Object.keys(headers).length > 0 ? ` ${JSON.stringify(headers)}` : '';
    this.failures.push({ check, problem, request: answer ? `${answer.method} ${answer.url}${shown}` : '' });
  }

  /** Unanswered requests by route (or check), and those not sent once a route stopped answering. */
  private readonly unanswered = new Map<string, number>();
  readonly skipped = new Map<string, number>();

  /**
   * Sends one request. `route` names what warms up together (a route template and variant); its
   * first answer gets the longer limit; `limitMs` replaces both. A request gets 3 s more than its
   * limit before it counts as unanswered; after 3 unanswered, the rest of that route's requests are
   * not sent (a hang would otherwise cost the whole run), and the summary says how many.
   * A GET or HEAD answered in time but too slowly is asked again once (a busy machine has its
   * moments): it fails when the second answer is slow too. Both are in the table, and the summary
   * counts the answers slow once.
   */
  async send(check: string, url: string, ask: Ask = {}, route?: string, limitMs?: number): Promise<Answer> {
    const first = route !== undefined && !this.warm.has(route);
    if (route !== undefined) this.warm.add(route);
    const limit = limitMs ?? (first ? this.limits.firstMs : this.limits.ms);
    const headers = ask.headers ?? {};
    const key = route ?? check;
    if ((this.unanswered.get(key) ?? 0) >= 3) {
      this.skipped.set(key, (this.skipped.get(key) ?? 0) + 1);
      return { method: ask.method ?? 'GET', url, status: 0, headers: {}, body: '', ms: 0, error: 'not sent' };
    }
    const timeoutMs = limit + 3_000;
    let answer = await request(url, { timeoutMs, ...ask });
    this.table.push({ ...answer, check, first });
    if (answer.error) this.unanswered.set(key, (this.unanswered.get(key) ?? 0) + 1);
    if (first && route !== undefined) this.firsts.set(route, answer.ms);
    const idempotent = ['GET', 'HEAD'].includes(answer.method);
    if (!answer.error && answer.ms > limit && idempotent && limitMs === undefined) {
      const again = await request(url, { timeoutMs, ...ask });
      this.table.push({ ...again, check: `${check} (asked again)`, first: false });
      if (!again.error && again.ms <= limit) {
        this.slowOnce.push({ ...answer, check, first });
        answer = again;
      } else {
        this.fail(
          check,
          `answered in ${answer.ms} ms, then in ${again.error ? 'no time' : `${again.ms} ms`} (limit ${limit} ms${first ? ', first answer' : ''})`,
          answer,
          headers,
        );
      }
    } else if (!answer.error && answer.ms > limit) {
      this.fail(check, `answered in ${answer.ms} ms (limit ${limit} ms)`, answer, headers);
    }
    if (answer.error) this.fail(check, `no answer: ${answer.error}`, answer, headers);
    else if (answer.status >= 500)
      this.fail(check, `${answer.status} ${answer.body.slice(0, 160)}`, answer, headers);
    this.checkSecrets(check, answer, headers);
    return answer;
  }

  private checkSecrets(check: string, answer: Answer, headers: Record<string, string>) {
    const text = `${answer.body}\n${JSON.stringify(answer.headers)}`;
    for (const secret of this.secrets) {
      if (text.includes(secret.word))
        this.fail(`${check}: paywall`, `an anonymous visitor got ${secret.where}`, answer, headers);
    }
    if (!answer.url.includes(this.searchWord) && text.includes(this.searchWord))
      this.fail(
        `${check}: paywall`,
        'an anonymous visitor got a word of the gated job’s description',
        answer,
        headers,
      );
  }
}
