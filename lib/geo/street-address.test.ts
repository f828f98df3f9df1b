import { describe, expect, it } from 'vitest';
import { streetAddressIn } from './street-address';

const place = (city: string, stateCode: string | null, countryCode: string, country: string) => ({
  city,
  state: null,
  stateCode,
  country,
  countryCode,
});

describe('streetAddressIn', () => {
  it.each([
    [
      '1600 Amphitheatre Parkway, Mountain View, CA 94043',
      place('Mountain View', 'CA', 'US', 'United States'),
      { streetAddress: '1600 Amphitheatre Parkway', postalCode: '94043' },
    ],
    ['10115 Berlin', place('Berlin', 'BE', 'DE', 'Germany'), { streetAddress: null, postalCode: '10115' }],
    [
      'Calle de Alcalá 50, 28014 Madrid',
      place('Madrid', 'MD', 'ES', 'Spain'),
      { streetAddress: 'Calle de Alcalá 50', postalCode: '28014' },
    ],
    [
      '10 Downing Street, London SW1A 2AA',
      place('London', 'ENG', 'GB', 'United Kingdom'),
      { streetAddress: '10 Downing Street', postalCode: 'SW1A 2AA' },
    ],
    [
      'Damrak 1, 1012 LG Amsterdam, Netherlands',
      place('Amsterdam', 'NH', 'NL', 'Netherlands'),
      { streetAddress: 'Damrak 1', postalCode: '1012 LG' },
    ],
  ])('reads %s', (text, known, expected) => {
    expect(streetAddressIn(text, known)).toEqual(expected);
  });

  it('gives nothing for a place alone, and no postal code of another country', () => {
    const berlin = place('Berlin', 'BE', 'DE', 'Germany');
    expect(streetAddressIn('Berlin, Germany', berlin)).toEqual({ streetAddress: null, postalCode: null });
    expect(streetAddressIn(null, berlin)).toEqual({ streetAddress: null, postalCode: null });
    expect(streetAddressIn('SW1A 2AA Berlin', berlin).postalCode).toBeNull();
  });
});
