import type { LocationType } from '@/lib/geo/types';

export const locationTypeLabels: Record<LocationType, string> = {
  city: 'City',
  state: 'State',
  country: 'Country',
  area: 'Area',
  remote: 'Remote',
};
