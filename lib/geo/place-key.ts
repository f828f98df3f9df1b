import { fold } from './normalize';
import type { LocationType } from './types';

/**
 * The identity of a place, the same whichever geocoder found it: type, country, state code and
 * folded name (`city:US:TX:austin`, `state:DE:BY`, `country:FR`, `remote:europe`).
 */
export function placeKey(place: {
  location_type: LocationType;
  name: string;
  country_code: string | null;
  state_code: string | null;
}): string {
  const name = fold(place.name).replace(/ /g, '-');
  switch (place.location_type) {
    case 'country':
      return `country:${place.country_code ?? name}`;
    case 'state':
      return `state:${place.country_code ?? ''}:${place.state_code ?? name}`;
    case 'remote':
      return `remote:${name.replace(/^remote-?/, '') || 'anywhere'}`;
    default:
      return `${place.location_type}:${place.country_code ?? ''}:${place.state_code ?? ''}:${name}`;
  }
}
