import { describe, expect, it } from 'vitest';
import type { AssetOut } from '@/lib/media/schemas';
import { describeAsset, formatBytes, mediaHref } from './format';

const metadata = (change: Partial<AssetOut['metadata']>): Pick<AssetOut, 'metadata'> => ({
  metadata: { mime: 'image/png', bytes: 2048, width: 1200, height: 630, sha256: 'x', ...change },
});

describe('formatBytes', () => {
  it('picks the unit a person reads', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(86_500)).toBe('84 KB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
    expect(formatBytes(2.45 * 1024 * 1024)).toBe('2.5 MB');
  });
});

describe('describeAsset', () => {
  it('names the type, the size in pixels and the weight', () => {
    expect(describeAsset(metadata({}))).toBe('PNG · 1200 × 630 · 2 KB');
    expect(describeAsset(metadata({ mime: 'image/webp' }))).toBe('WebP · 1200 × 630 · 2 KB');
  });

  it('leaves out dimensions an SVG does not declare', () => {
    expect(describeAsset(metadata({ mime: 'image/svg+xml', width: null, height: null, bytes: 300 }))).toBe(
      'SVG · 300 bytes',
    );
  });
});

describe('mediaHref', () => {
  it('keeps the filters and drops the defaults', () => {
    expect(mediaHref({})).toBe('/dashboard/media');
    expect(mediaHref({ page: 1 })).toBe('/dashboard/media');
    expect(mediaHref({ search: 'team photo', type: 'image', page: 3 })).toBe(
      '/dashboard/media?search=team+photo&type=image&page=3',
    );
  });
});
