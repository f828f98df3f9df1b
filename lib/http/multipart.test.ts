import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/core/errors';
import { parseMultipart } from './multipart';

const boundary = 'BOUNDARY';
const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

function upload(chunks: (string | Uint8Array)[], headers: Record<string, string> = {}): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Request('http://localhost/api/assets', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function refusal(request: Request, maxFileBytes = 1024): Promise<AppError> {
  try {
    await parseMultipart(request, { maxFileBytes });
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the upload to be refused');
}

let uncaught: unknown[];
const record = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.on('uncaughtException', record);
});
afterEach(() => {
  process.off('uncaughtException', record);
});

describe('parseMultipart', () => {
  it('reads a file and a field', async () => {
    const { values } = await parseMultipart(
      upload([
        `--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA cat\r\n`,
        head,
        'PNGDATA',
        `\r\n--${boundary}--\r\n`,
      ]),
      { maxFileBytes: 1024 },
    );
    expect(values.alt).toBe('A cat');
    expect((values.file as File).size).toBe(7);
  });

  it('refuses a form cut short with a 400 that closes the connection, and no uncaught error', async () => {
    const error = await refusal(upload([head, 'PNGDATA-but-no-end']));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.headers).toMatchObject({ Connection: 'close' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
  });

  it('stops at the file limit with a 413 that closes the connection', async () => {
    const error = await refusal(upload([head, new Uint8Array(4096), `\r\n--${boundary}--\r\n`]));
    expect(error.status).toBe(413);
    expect(error.code).toBe('file_too_large');
    expect(error.headers).toMatchObject({ Connection: 'close' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
  });

  it('refuses a declared length over the limit before reading, closing the connection', async () => {
    const error = await refusal(upload([head], { 'content-length': String(50_000_000) }));
    expect(error.status).toBe(413);
    expect(error.headers).toMatchObject({ Connection: 'close' });
  });
});
