import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, THUMBNAIL_SIZE } from './limits';

// libvips keeps recent images and operations (up to 50 MB) for reuse; every upload is a new image,
// so the cache only held native memory the server never gave back.
sharp.cache(false);

export class ImageDecodeError extends Error {}

export interface RasterInfo {
  /** As displayed: EXIF rotations by 90° swap the stored dimensions. */
  width: number;
  height: number;
  /** Frames of an animated GIF/WebP/AVIF; 1 otherwise. */
  frames: number;
  thumbnail: Buffer;
}

/** Reads dimensions and renders a WebP thumbnail (first frame) of a raster image. */
export async function describeRaster(bytes: Uint8Array): Promise<RasterInfo> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!metadata.width || !metadata.height) throw new ImageDecodeError('The image has no dimensions.');
    const rotated = (metadata.orientation ?? 1) >= 5;
    const thumbnail = await sharp(bytes, options)
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      width: rotated ? metadata.height : metadata.width,
      height: rotated ? metadata.width : metadata.height,
      frames: metadata.pages ?? 1,
      thumbnail,
    };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new ImageDecodeError(
        `The image is larger than ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels.`,
      );
    }
    throw new ImageDecodeError('The image data is corrupt or truncated and cannot be decoded.');
  }
}

/**
 * A small PNG of an image, fitted inside `width`×`height`, first frame only: how an image stored in
 * any accepted format (WebP, AVIF, SVG…) is drawn where only PNG is understood.
 */
export async function smallPng(bytes: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .resize(width, height, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
