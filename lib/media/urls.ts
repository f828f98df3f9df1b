import { env } from '@/lib/core/env';

/** Base URL of hosted media: CDN_URL, or {APP_URL}/cdn served by this app. No trailing slash. */
export function cdnBaseUrl(config = env()): string {
  return (config.CDN_URL ?? `${config.APP_URL.replace(/\/+$/, '')}/cdn`).replace(/\/+$/, '');
}

export const cdnUrlFor = (key: string) => `${cdnBaseUrl()}/${key}`;
