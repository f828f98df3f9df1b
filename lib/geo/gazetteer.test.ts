import { describe, expect, it } from 'vitest';
import { cityAliases } from './city-aliases';
import { regionNameByCode, searchGazetteer } from './gazetteer';
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
    expect(portland.candidates.slice(1).every((candidate) => candidate.confidence === 'low')).toBe(true);
    expect(top('Portland', 'GB').candidates[0]).toMatchObject({ country_code: 'GB' });
  });

  it('names the region of an ambiguous name, and is not confident about any', () => {
    const springfield = top('Springfield');
    expect(springfield.ambiguous).toBe(true);
    expect(springfield.candidates.length).toBeGreaterThan(2);
    for (const candidate of springfield.candidates) {
      expect(candidate).toMatchObject({ city: 'Springfield', confidence: 'low', country_code: 'US' });
      expect(candidate.state).toEqual(expect.any(String));
      expect(candidate.display_name).toBe(`Springfield, ${candidate.state}, United States`);
    }
    // The most populous first.
    expect(springfield.candidates[0]!.state_code).toBe('MO');
    expect(top('Springfield, MA').candidates[0]).toMatchObject({ state_code: 'MA', confidence: 'exact' });
  });

  it('keeps one place per key, the most populous of its namesakes', () => {
    // Two Mountain Views in California: the city of 80,000, not the hamlet 70 km away.
    expect(top('Mountain View, CA').candidates[0]).toMatchObject({
      confidence: 'exact',
      latitude: expect.closeTo(37.39, 1),
      longitude: expect.closeTo(-122.08, 1),
    });
  });

  it('ranks a capital named like its country, and a city named like its state, after them', () => {
    const newYork = top('New York');
    expect(newYork.ambiguous).toBe(false);
    expect(newYork.candidates.slice(0, 2)).toEqual([
      expect.objectContaining({
        display_name: 'New York City, New York, United States',
        confidence: 'exact',
      }),
      expect.objectContaining({ location_type: 'state', confidence: 'high' }),
    ]);
    expect(top('Singapore').candidates.slice(0, 2)).toEqual([
      expect.objectContaining({ location_type: 'country', confidence: 'exact' }),
      expect.objectContaining({ location_type: 'city', confidence: 'high' }),
    ]);
  });

  it('keeps region names in state and ISO 3166-2 codes in state_code', () => {
    expect(top('Lisbon').candidates[0]).toMatchObject({ state: 'Lisbon', state_code: '11' });
    expect(top('Dublin').candidates[0]).toMatchObject({ state: 'Leinster', state_code: 'L' });
    const codeLike = gazetteerData().states.filter(
      (state) => state.name === state.code || /^[\d\s]*$/.test(state.name) || /^[A-Z]{1,3}$/.test(state.name),
    );
    expect(codeLike).toEqual([]);
  });

  it('finds cities by their other names', () => {
    const data = gazetteerData();
    for (const [country, name, ...aliases] of cityAliases) {
      for (const alias of aliases) {
        // "Washington" is first the state, then the capital: the alias is among the candidates.
        const cities = top(alias, country).candidates.map((candidate) => candidate.city);
        expect(cities, `${alias} → ${name}`).toContain(name);
        expect(data.citiesByName.has(fold(alias)), alias).toBe(true);
      }
    }
    expect(top('Muenchen').candidates[0]).toMatchObject({ city: 'Munich', confidence: 'exact' });
    expect(top('Dublin 2, Ireland').candidates[0]).toMatchObject({ city: 'Dublin', country_code: 'IE' });
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

describe('gazetteer addresses', () => {
  it.each([
    ['10115 Berlin', 'Berlin', 'DE'],
    ['Berlin 10115, Germany', 'Berlin', 'DE'],
    ['D-80331 München', 'Munich', 'DE'],
    ['75008 Paris, France', 'Paris', 'FR'],
    ['Paris 75001', 'Paris', 'FR'],
    ['SW1A 1AA London', 'London', 'GB'],
    ['Calle de Alcalá 50, 28014 Madrid', 'Madrid', 'ES'],
    ['Dam 1, 1012 JS Amsterdam', 'Amsterdam', 'NL'],
    ['Praça do Comércio, 1100-148 Lisboa', 'Lisbon', 'PT'],
    ['Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200', 'São Paulo', 'BR'],
    ['1 Raffles Place, Singapore 048616', 'Singapore', 'SG'],
  ])('%s → %s', (text, city, country) => {
    expect(top(text).candidates[0]).toMatchObject({ city, country_code: country, confidence: 'high' });
  });

  it('lets a US or Canadian postal code pick the namesake around it', () => {
    expect(top('1600 Amphitheatre Parkway, Mountain View, CA 94043').candidates[0]).toMatchObject({
      city: 'Mountain View',
      latitude: expect.closeTo(37.39, 1),
      longitude: expect.closeTo(-122.08, 1),
    });
    expect(top('Portland, ME 04101').candidates).toEqual([
      expect.objectContaining({ state_code: 'ME', confidence: 'high' }),
    ]);
    expect(top('Springfield 62701').candidates[0]).toMatchObject({ state_code: 'IL', confidence: 'high' });
    // A place's own country's code elsewhere rules out its namesakes there, not the place.
    expect(top('Paris, TX 75460').candidates[0]).toMatchObject({ state_code: 'TX', confidence: 'high' });
  });

  it('is not confident where the postal code cannot tell', () => {
    // Five digits are a postal code in Germany, France, Italy, Spain… as well as a US ZIP code.
    expect(top('10115').candidates[0]).toMatchObject({ country_code: 'US', confidence: 'low' });
    expect(top('10115', 'US').candidates[0]).toMatchObject({ country_code: 'US', confidence: 'high' });
    expect(top('97201-1234').candidates[0]).toMatchObject({ city: 'Portland', confidence: 'high' });
    // A British postcode alone: no offline data says which town.
    expect(top('SW1A 1AA').candidates).toEqual([]);
    // The city named, against its postal code: the name stands, unconfirmed.
    expect(top('Austin, TX 94043').candidates[0]).toMatchObject({ city: 'Austin', confidence: 'low' });
  });

  it('keeps the postal code and the street on the result, and the address as typed', () => {
    expect(top('Calle de Alcalá 50, 28014 Madrid').candidates[0]).toMatchObject({
      full_address: 'Calle de Alcalá 50, 28014 Madrid',
      postal_code: '28014',
      street_address: 'Calle de Alcalá 50',
    });
    expect(top('SW1A 1AA London').candidates[0]).toMatchObject({
      full_address: null,
      postal_code: 'SW1A 1AA',
      street_address: null,
    });
    expect(top('Berlin').candidates[0]).not.toHaveProperty('postal_code');
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

describe('regionNameByCode', () => {
  it("names a region from its code and country, as Indeed's feed writes it", () => {
    expect(regionNameByCode('TX', 'US')).toBe('Texas');
    expect(regionNameByCode('BY', 'DE')).toBe('Bavaria');
    expect(regionNameByCode('ENG', 'GB')).toBe('England');
    expect(regionNameByCode('ZZ', 'US')).toBeUndefined();
  });
});
