import { env } from './env';

export interface RequestLogLine {
  method: string;
  path: string;
  status: number;
  ms: number;
  org: number | null;
  request_id: string;
}

/** One structured line per API request. Never include keys, bodies or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (env().LOG_LEVEL !== 'info') return;
  console.log(JSON.stringify({ level: 'info', msg: 'api_request', ...line }));
}

export function logError(message: string, error: unknown, context: Record<string, unknown> = {}): void {
  if (env().LOG_LEVEL === 'silent') return;
  const detail =
    error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  console.error(JSON.stringify({ level: 'error', msg: message, ...context, ...detail }));
}
