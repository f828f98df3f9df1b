import { env } from '@/lib/core/env';
import { LocalDiskStorage } from './local';
import type { MediaStorage, StorageProvider } from './types';
import { VercelBlobStorage } from './vercel-blob';

export type { ByteRange, MediaStorage, StorageProvider } from './types';

const drivers = new Map<StorageProvider, MediaStorage>();

/** The driver new uploads go to: Vercel Blob when BLOB_READ_WRITE_TOKEN is set, else local disk. */
export function mediaStorage(): MediaStorage {
  return storageFor(env().BLOB_READ_WRITE_TOKEN ? 'vercel_blob' : 'local');
}

/** The driver holding an existing asset, whichever is current for new uploads. */
export function storageFor(provider: StorageProvider): MediaStorage {
  let driver = drivers.get(provider);
  if (!driver) {
    const config = env();
    if (provider === 'vercel_blob') {
      if (!config.BLOB_READ_WRITE_TOKEN) throw new Error('BLOB_READ_WRITE_TOKEN is not set.');
      driver = new VercelBlobStorage(config.BLOB_READ_WRITE_TOKEN);
    } else {
      driver = new LocalDiskStorage(config.MEDIA_DIR);
    }
    drivers.set(provider, driver);
  }
  return driver;
}

/** Test hook: drivers read their configuration again on next use. */
export function resetMediaStorage(): void {
  drivers.clear();
}
