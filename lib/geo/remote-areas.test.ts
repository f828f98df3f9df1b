import { describe, expect, it } from 'vitest';
import { remoteCandidate } from './remote';
import { countryName, remoteAreaCountries } from './remote-areas';

describe('remoteAreaCountries', () => {
  it('resolves every area remoteCandidate can name', () => {
    for (const text of [
      'Europe',
      'EMEA',
      'Americas',
      'North America',
      'LATAM',
      'APAC',
      'Africa',
      'Middle East',
      'Oceania',
      'Nordics',
      'DACH',
      'South America',
      'Asia',
    ]) {
      const area = /^Remote \((.+)\)$/.exec(remoteCandidate(`Remote - ${text}`)!.name)![1]!;
      expect(remoteAreaCountries(area)?.length, area).toBeGreaterThan(2);
    }
  });

  it('names the countries a reader expects, and none they do not', () => {
    expect(remoteAreaCountries('Europe')).toEqual(expect.arrayContaining(['DE', 'FR', 'PT', 'GB', 'PL']));
    expect(remoteAreaCountries('Europe')).not.toContain('US');
    expect(remoteAreaCountries('DACH')).toEqual(['AT', 'CH', 'DE']);
    expect(remoteAreaCountries('North America')).toEqual(['CA', 'MX', 'US']);
    expect(remoteAreaCountries('Latin America')).toEqual(expect.arrayContaining(['MX', 'BR', 'AR', 'CR']));
    expect(remoteAreaCountries('Latin America')).not.toContain('US');
    expect(remoteAreaCountries('APAC')).toEqual(expect.arrayContaining(['JP', 'AU', 'IN', 'SG']));
    expect(remoteAreaCountries('APAC')).not.toContain('AE');
    expect(remoteAreaCountries('EMEA')).toEqual(expect.arrayContaining(['DE', 'ZA', 'AE']));
  });

  it('knows no area it was not taught', () => {
    expect(remoteAreaCountries('Mars')).toBeNull();
    expect(remoteAreaCountries('Worldwide')).toBeNull();
  });
});

describe('countryName', () => {
  it('names a country by its code, in any case, and nothing for an unknown code', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('PT')).toBe('Portugal');
    expect(countryName('ZZ')).toBeNull();
  });
});
