import { describe, expect, it } from 'vitest';
import { readShareCard, shareImagePath } from './share-card';
import { drawable } from './share-image';

describe('drawable: text the bundled font draws without fetching another', () => {
  it('keeps Latin, Cyrillic and the punctuation of salaries and places', () => {
    expect(drawable('Développeur · Zürich · €90,000 – €120,000 a year')).toBe(
      'Développeur · Zürich · €90,000 – €120,000 a year',
    );
    expect(drawable('Инженер  данных')).toBe('Инженер данных');
  });

  it('draws a letter the font lacks as its base letter, and leaves out emoji', () => {
    expect(drawable('Ŏcean ﬁtter 🚀')).toBe('Ocean fitter');
  });

  it('gives up on a text with letters it cannot draw, rather than show part of it', () => {
    expect(drawable('エンジニア募集 Café')).toBeNull();
    expect(drawable('🚀')).toBeNull();
  });
});

describe('share cards', () => {
  it('carry the card in a signed token under the revision, readable for that organization only', () => {
    const card = { title: 'Deckhand', details: ['Northwind', 'Lisbon · €30,000 a year'], logoUrl: null };
    const path = shareImagePath({ id: 7, revision: 12 }, card);
    const [, segment, revision, file] = path.split('/');
    expect([segment, revision]).toEqual(['og', '12']);
    const token = file!.slice(0, -'.png'.length);
    expect(readShareCard(7, token)).toEqual(card);
    expect(readShareCard(8, token)).toBeUndefined();
    expect(readShareCard(7, `${token.slice(0, -2)}xx`)).toBeUndefined();
  });

  it('keeps the URL short whatever the page title', () => {
    const path = shareImagePath(
      { id: 1, revision: 1 },
      { title: 'word '.repeat(400), details: ['x'.repeat(900)] },
    );
    expect(path.length).toBeLessThan(500);
  });
});
