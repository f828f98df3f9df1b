import { BlobNotFoundError, del, head, put } from '@vercel/blob';
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

  private async find(key: string) {
    try {
      return await head(key, { token: this.token });
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    return (await this.find(key))?.size ?? null;
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    const blob = await this.find(key);
    if (!blob) return null;
    const response = await fetch(blob.url, {
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (!response.ok || !response.body) {
      throw new Error(`Vercel Blob answered ${response.status} reading ${key}.`);
    }
    return response.body;
  }

  async delete(key: string): Promise<void> {
    await del(key, { token: this.token });
  }
}
