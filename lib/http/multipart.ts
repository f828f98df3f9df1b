import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { AppError, closeConnection, fileTooLarge } from '@/lib/core/errors';
import { formatBytes } from '@/lib/core/format';

export interface MultipartLimits {
  /** Largest file accepted, in bytes; enforced while the upload streams in. */
  maxFileBytes: number;
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

export interface ParsedMultipart {
  /** Text fields as strings and file fields as `File`s, ready for a zod schema. */
  values: Record<string, string | File>;
  /**
   * SHA-256 over the fields and files (names, values, bytes), not the raw body: a retry of the
   * same upload carries another random boundary. This is what an Idempotency-Key is bound to.
   */
  digest: string;
}

export const isMultipart = (request: Request) =>
  /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');

/**
 * Streams a multipart/form-data body through busboy. A file over the limit stops the read at the
 * limit (413), so an oversized upload is never buffered whole.
 */
export async function parseMultipart(request: Request, limits: MultipartLimits): Promise<ParsedMultipart> {
  const { maxFileBytes, maxFiles = 1, maxFields = 20, maxFieldBytes = 64 * 1024 } = limits;
  // Beyond the file, a form carries boundaries, part headers and a few short fields.
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxFileBytes + maxFields * maxFieldBytes + 64 * 1024) throw fileTooLarge(maxFileBytes);
  if (!request.body) throw new AppError('validation_error', 'The multipart request body is empty.');

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes },
    });
  } catch {
    throw new AppError('validation_error', 'The multipart body has no boundary in its Content-Type.');
  }

  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  const values: Record<string, string | File> = {};
  const pending: Promise<void>[] = [];

  const done = new Promise<void>((resolve, reject) => {
    // Stops reading mid-body, so the answer must close the connection (see closeConnection).
    const fail = (error: AppError) => {
      source.unpipe(parser);
      source.destroy();
      reject(
        new AppError(error.code, error.message, error.details, { ...error.headers, ...closeConnection }),
      );
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(
          new AppError('validation_error', `The form field '${name}' exceeds ${formatBytes(maxFieldBytes)}.`),
        );
        return;
      }
      values[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A form cut short errors the file stream too ("Unexpected end of form"); the parser's error
      // listener below answers it, and without a listener here the process would crash.
      stream.on('error', () => {});
      stream.on('limit', () => fail(fileTooLarge(maxFileBytes)));
      pending.push(
        new Promise((fileDone) =>
          stream.on('end', () => {
            if (!stream.truncated) {
              values[name] = new File([new Uint8Array(Buffer.concat(chunks))], info.filename || name, {
                type: info.mimeType || 'application/octet-stream',
              });
            }
            fileDone();
          }),
        ),
      );
    });
    parser.on('filesLimit', () =>
      fail(new AppError('validation_error', `Send at most ${maxFiles} file(s) per request.`)),
    );
    parser.on('fieldsLimit', () =>
      fail(new AppError('validation_error', `Send at most ${maxFields} form fields per request.`)),
    );
    parser.on('error', (error: Error) =>
      fail(new AppError('validation_error', `The multipart body could not be read: ${error.message}.`)),
    );
    parser.on('close', () => Promise.all(pending).then(() => resolve()));
    source.on('error', () =>
      fail(new AppError('validation_error', 'The upload was interrupted before it completed.')),
    );
  });
  source.pipe(parser);
  await done;
  return { values, digest: await digestOf(values) };
}

async function digestOf(values: Record<string, string | File>): Promise<string> {
  const hash = createHash('sha256');
  for (const name of Object.keys(values).sort()) {
    const value = values[name]!;
    hash.update(`${JSON.stringify(name)}=`);
    if (typeof value === 'string') hash.update(JSON.stringify(value));
    else
      hash
        .update(`file:${JSON.stringify(value.name)}:${value.size}:`)
        .update(new Uint8Array(await value.arrayBuffer()));
    hash.update('\n');
  }
  return hash.digest('hex');
}
