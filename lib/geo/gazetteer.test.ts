import { describe, expect, it } from 'vitest';
import { searchGazetteer } from './gazetteer';
import { gazetteerData } from './gazetteer-data';
import { fold } from './normalize';
import { remoteCandidate } from './remote';

const top = (text: string, country?: string) => searchGazetteer({ text, country, limit: 5 });

describe('fold', () => {
  it('ignores accents, case and punctuation', () => {
    expect(fold('Zürich')).toBe('zurich');
    expect(fold('SÃO PAULO')).toBe('sao paulo');
    expect(fold("Côte d'Ivoire")).toBe('cote divoire');
    expect(fold('Saint-Étienne')).toBe('saint etienne');
    expect(fold('Straße')).toBe('strasse');
  });
});

describe('gazetteer', () => {
  it('loads once, lazily', () => {
    const first = gazetteerData();
    expect(gazetteerData()).toBe(first);
    expect(first.cities.length).toBeGreaterThan(100_000);
  });

  it('matches names without accents or case', () => {
    const zurich = top('zurich');
    expect(zurich.candidates[0]).toMatchObject({
      city: 'Zürich',
      country_code: 'CH',
      location_type: 'city',
      confidence: 'exact',
    });
    expect(zurich.ambiguous).toBe(false);
    expect(top('SÃO PAULO').candidates[0]).toMatchObject({
      city: 'São Paulo',
      country_code: 'BR',
      state_code: 'SP',
    });
  });

  it('understands state codes and names as qualifiers, with or without a comma', () => {
    expect(top('Austin, TX').candidates).toEqual([
      expect.objectContaining({
        display_name: 'Austin, Texas, United States',
        state_code: 'TX',
        confidence: 'exact',
      }),
    ]);
    expect(top('Austin TX').candidates[0]).toMatchObject({ state_code: 'TX', confidence: 'exact' });
    expect(top('Portland, ME').candidates[0]).toMatchObject({ state: 'Maine', confidence: 'exact' });
    expect(top('Portland, Oregon').candidates[0]).toMatchObject({ state_code: 'OR', confidence: 'exact' });
    expect(top('Berlin, Germany').candidates[0]).toMatchObject({
      location_type: 'city',
      country_code: 'DE',
      confidence: 'exact',
    });
  });

  it('lowers confidence when qualifiers match nothing', () => {
    expect(top('Austin, Narnia').candidates[0]).toMatchObject({ city: 'Austin', confidence: 'low' });
  });

  it('knows countries by alternate names and codes, and states alone', () => {
    expect(top('Deutschland').candidates[0]).toMatchObject({
      location_type: 'country',
      country_code: 'DE',
      confidence: 'exact',
    });
    expect(top('USA').candidates[0]).toMatchObject({ location_type: 'country', country_code: 'US' });
    expect(top('UK').candidates[0]).toMatchObject({ location_type: 'country', country_code: 'GB' });
    expect(top("Côte d'Ivoire").candidates[0]).toMatchObject({
      country_code: 'CI',
      display_name: "Cote d'Ivoire",
    });
    expect(top('Bavaria').candidates[0]).toMatchObject({
      location_type: 'state',
      state_code: 'BY',
      country_code: 'DE',
    });
    expect(top('California').candidates[0]).toMatchObject({
      location_type: 'state',
      state_code: 'CA',
      confidence: 'exact',
    });
  });

  it('ranks namesakes by population and flags close ones as ambiguous', () => {
    const paris = top('Paris');
    expect(paris.ambiguous).toBe(false);
    expect(paris.candidates[0]).toMatchObject({ country_code: 'FR', confidence: 'exact' });
    expect(paris.candidates.slice(1).every((candidate) => candidate.confidence === 'low')).toBe(true);
    const portland = top('Portland');
    expect(portland.ambiguous).toBe(true);
    expect(portland.candidates.slice(0, 2).map((candidate) => candidate.state_code)).toEqual(['OR', 'ME']);
    expect(portland.candidates[0]!.confidence).toBe('high');
    expect(top('Springfield').ambiguous).toBe(true);
    expect(top('Portland', 'GB').candidates[0]).toMatchObject({ country_code: 'GB' });
  });

  it('answers prefixes while typing, with low confidence', () => {
    const typing = top('Zur');
    expect(typing.candidates[0]).toMatchObject({ city: 'Zürich', confidence: 'low' });
    expect(top('Qqqqzz').candidates).toEqual([]);
  });

  it('resolves street addresses to their city with the address kept', () => {
    const [candidate] = top('1600 Amphitheatre Parkway, Mountain View, CA 94043').candidates;
    expect(candidate).toMatchObject({
      city: 'Mountain View',
      state_code: 'CA',
      location_type: 'city',
      full_address: '1600 Amphitheatre Parkway, Mountain View, CA 94043',
      confidence: 'high',
    });
    expect(top('Bahnhofstrasse 12, 8001 Zürich').candidates[0]).toMatchObject({
      city: 'Zürich',
      full_address: 'Bahnhofstrasse 12, 8001 Zürich',
    });
  });

  it('resolves US and Canadian postal codes to their city', () => {
    expect(top('97201').candidates[0]).toMatchObject({
      city: 'Portland',
      state_code: 'OR',
      country_code: 'US',
    });
    expect(top('M5V 3L9').candidates[0]).toMatchObject({
      city: 'Toronto',
      state_code: 'ON',
      country_code: 'CA',
    });
    expect(top('97201', 'CA').candidates).toEqual([]);
  });
});

describe('remote', () => {
  it.each([
    ['Remote', 'Remote', null],
    ['REMOTE', 'Remote', null],
    ['Anywhere', 'Remote', null],
    ['remote - europe', 'Remote (Europe)', null],
    ['Remote (US)', 'Remote (United States)', 'US'],
    ['Germany (remote)', 'Remote (Germany)', 'DE'],
  ])('%s → %s', (text, name, country) => {
    expect(remoteCandidate(text)).toMatchObject({
      location_type: 'remote',
      display_name: name,
      country_code: country,
    });
  });

  it('gives one place per region and leaves other text alone', () => {
    expect(remoteCandidate('Remote (USA)')!.place_key).toBe(
      remoteCandidate('remote, united states')!.place_key,
    );
    expect(remoteCandidate('Remote')!.place_key).not.toBe(remoteCandidate('Remote EU')!.place_key);
    expect(remoteCandidate('Remoteville')).toBeNull();
    expect(remoteCandidate('Berlin')).toBeNull();
  });
});
