import { BlobNotFoundError, del, get, head, put } from '@vercel/blob';
import type { ByteRange, MediaStorage } from './types';

/**
 * Vercel Blob, chosen when BLOB_READ_WRITE_TOKEN is set. Objects are read back through /cdn like
 * local ones, so the blob store's own URLs are never handed out.
 */
export class VercelBlobStorage implements MediaStorage {
  readonly provider = 'vercel_blob' as const;

  constructor(private readonly token: string) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await put(key, Buffer.from(bytes), {
      access: 'public',
      token: this.token,
      contentType,
      addRandomSuffix: false,
      allowOverwrite: true,
    });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await head(key, { token: this.token })).size;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    const result = await get(key, {
      access: 'public',
      token: this.token,
      ...(range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {}),
    });
    return result?.stream ?? null;
  }

  async delete(key: string): Promise<void> {
    await del(key, { token: this.token });
  }
}
