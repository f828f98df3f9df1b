// An image the app hosts itself (a board's logo), read from storage by its public URL: drawing one
// into a generated image never calls a URL an owner typed.
import { MAX_ASSET_BYTES } from './limits';
import { smallPng } from './raster';
import { mimeForKey } from './sniff';
import { mediaStorage } from './storage';
import { isValidStorageKey } from './storage/types';
import { cdnUrlFor } from './urls';

/**
 * The hosted image at `url` as a PNG fitted inside `width`×`height`, or null when the URL is not one
 * of ours, the object is gone or its bytes do not decode.
 */
export async function hostedImagePng(url: string, width: number, height: number): Promise<Buffer | null> {
  const prefix = cdnUrlFor('');
  const key = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (!isValidStorageKey(key) || !mimeForKey(key).startsWith('image/')) return null;
  try {
    const storage = mediaStorage();
    const size = await storage.size(key);
    const stream = size !== null && size <= MAX_ASSET_BYTES ? await storage.read(key) : null;
    if (!stream) return null;
    return await smallPng(new Uint8Array(await new Response(stream).arrayBuffer()), width, height);
  } catch {
    return null;
  }
}
