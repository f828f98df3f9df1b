// Request bodies for the media and locations scenarios.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

const boundary = 'boardkit-bench-boundary';

/** A PNG of random pixels: incompressible, so 600×600 RGB encodes to about 1 MB. */
export async function noisePng(): Promise<Buffer> {
  const side = 600;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** multipart/form-data with one `file` part, built once and sent as is. */
export function multipartUpload(file: Buffer, filename: string): { body: Buffer; contentType: string } {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Place descriptions of every kind the resolver handles, for preview requests. */
export const placeQueries = [
  'Berlin',
  'Austin, TX',
  'zurich',
  'SÃO PAULO',
  'Remote',
  'remote - europe',
  'Portland',
  'Paris, France',
  'Munich, Deutschland',
  'Toronto, ON',
  '1600 Amphitheatre Parkway, Mountain View, CA 94043',
  '78701',
  'Lyon',
  'New York',
  'Bengaluru',
  'Kraków',
  'Cape Town',
  'Melbourne, Australia',
  'Springfield',
  'Texas',
];
