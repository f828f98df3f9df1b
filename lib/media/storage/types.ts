export type StorageProvider = 'local' | 'vercel_blob';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Where asset bytes live. Keys are the service's own (`<asset id>/<hash>.<ext>`), never user input paths. */
export interface MediaStorage {
  readonly provider: StorageProvider;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** The object's bytes (or one range of them); null when there is no such object. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

// Segments of letters, digits, `.`, `_`, `-`, never starting with a dot: no traversal, no hidden files.
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,3}$/;

export const isValidStorageKey = (key: string) => KEY.test(key);
