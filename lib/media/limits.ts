/** Asset upload limit (spec: 15 MB), as 15 MiB. Applies to uploads and `source_url` downloads alike. */
export const MAX_ASSET_BYTES = 15 * 1024 * 1024;

/** Decoding a raster image bigger than this many pixels is refused (decompression bombs). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Thumbnails fit in this square, never enlarged. */
export const THUMBNAIL_SIZE = 480;

export const DOWNLOAD_TIMEOUT_MS = 20_000;
export const DOWNLOAD_MAX_REDIRECTS = 3;
