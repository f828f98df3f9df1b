import { describe, expect, it } from 'vitest';
import { accessibleAccent, contrastWithWhite, DEFAULT_ACCENT, explainAccent, resolveLook } from './look';

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

describe('the accent explanation', () => {
  it('says to which colour a light accent is darkened and why', () => {
    expect(explainAccent('#FDE047')).toEqual({
      accent: '#7e7122',
      adjustment:
        '#fde047 is too light for white text (contrast 1.3:1, WCAG AA needs 4.5:1), so the board uses #7e7122, with contrast 4.9:1.',
    });
    expect(explainAccent('#fde047').accent).toBe(accessibleAccent('#fde047'));
  });

  it('says nothing when the colour is used as chosen, or is not a colour yet', () => {
    expect(explainAccent('#1d4ed8')).toEqual({ accent: '#1d4ed8', adjustment: null });
    expect(explainAccent('#fde0')).toEqual({ accent: DEFAULT_ACCENT, adjustment: null });
    expect(explainAccent('')).toEqual({ accent: DEFAULT_ACCENT, adjustment: null });
  });
});
