import { env } from '@/lib/core/env';
import { gazetteerGeocoder } from './gazetteer';
import { NominatimGeocoder } from './nominatim';
import type { Geocoder } from './types';

let active: Geocoder | undefined;

/** The one geocoder of the process: the HTTP geocoder when GEOCODER_URL is set, else the gazetteer. */
export function geocoder(): Geocoder {
  if (!active) {
    const config = env();
    active = config.GEOCODER_URL
      ? new NominatimGeocoder({
          url: config.GEOCODER_URL,
          userAgent: config.GEOCODER_USER_AGENT ?? `Boardkit/1.0 (+${config.APP_URL})`,
          timeoutMs: config.GEOCODER_TIMEOUT_MS,
        })
      : gazetteerGeocoder;
  }
  return active;
}

/** Test hook: use this geocoder (undefined: choose from the environment again). */
export function setGeocoder(geocoder: Geocoder | undefined): void {
  active = geocoder;
}
