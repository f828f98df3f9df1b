import { describe, expect, it } from 'vitest';
import { accessibleAccent, contrastWithWhite, DEFAULT_ACCENT, resolveLook } from './look';

describe('board look', () => {
  it('keeps a dark accent and darkens a light one until white text on it passes AA', () => {
    expect(accessibleAccent('#1d4ed8')).toBe('#1d4ed8');
    for (const light of ['#ffff00', '#ffffff', '#7fdbff', '#ff851b']) {
      const color = accessibleAccent(light);
      expect(contrastWithWhite(color), light).toBeGreaterThanOrEqual(4.5);
    }
    expect(accessibleAccent(null)).toBe(DEFAULT_ACCENT);
    expect(contrastWithWhite(DEFAULT_ACCENT)).toBeGreaterThanOrEqual(4.5);
  });

  it('fills every gap with a default', () => {
    expect(resolveLook('Acme', {})).toMatchObject({
      name: 'Acme',
      logoUrl: null,
      accent: DEFAULT_ACCENT,
      navLinks: [],
    });
  });
});
