import type { AssetOut } from '@/lib/media/schemas';

/** Sizes as a board owner reads them: "840 KB", "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const typeNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/svg+xml': 'SVG',
};

/** "PNG · 1200 × 630 · 84 KB" under a tile; SVGs without a declared size leave it out. */
export function describeAsset(asset: Pick<AssetOut, 'metadata'>): string {
  const { mime, width, height, bytes } = asset.metadata;
  return [typeNames[mime] ?? mime, width && height ? `${width} × ${height}` : null, formatBytes(bytes)]
    .filter(Boolean)
    .join(' · ');
}

/** The library's address for a search, type filter and page, leaving defaults out. */
export function mediaHref(filters: { search?: string; type?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.type) params.set('type', filters.type);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `/dashboard/media?${query}` : '/dashboard/media';
}
