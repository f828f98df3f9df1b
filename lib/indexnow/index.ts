// IndexNow (https://www.indexnow.org): tells Bing, Yandex and the other engines that share it that a
// job page was published, changed or taken offline, so they recrawl it now rather than whenever.
// Only with INDEXNOW_KEY set; each board serves the key at `{board_url}/{key}.txt` (proxy.ts).
import { env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';

const TIMEOUT_MS = 5_000;

export function indexNowKey(): string | undefined {
  return env().INDEXNOW_KEY;
}

/**
 * Sends `urls` (all on the board at `boardUrl`) to the IndexNow endpoint, once the write that changed
 * them has committed. Best effort: a failure is logged, never raised, and never delays the caller.
 */
export function notifyIndexNow(boardUrl: string, urls: string[]): void {
  const config = env();
  const key = config.INDEXNOW_KEY;
  if (!key || urls.length === 0) return;
  const body = {
    host: new URL(boardUrl).host,
    key,
    keyLocation: `${boardUrl}/${key}.txt`,
    urlList: urls,
  };
  void fetch(config.INDEXNOW_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then((response) => {
      // 200 and 202 are both "received"; anything else says what was wrong with the submission.
      if (response.status !== 200 && response.status !== 202)
        logError('IndexNow refused a submission', new Error(`HTTP ${response.status}`), { host: body.host });
    })
    .catch((error) => logError('IndexNow submission failed', error, { host: body.host }));
}
