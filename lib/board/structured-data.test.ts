import { describe, expect, it } from 'vitest';
import { PAYWALLED_SELECTOR } from './job-posting';
import { blogPostingJsonLd, boardHomeJsonLd, breadcrumbJsonLd } from './structured-data';

const board = { name: 'Climate Jobs', url: 'https://climate.example/b/climate', logoUrl: null };

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 and lets the page itself go without a URL', () => {
    expect(
      breadcrumbJsonLd([{ name: 'Climate Jobs', url: board.url }, { name: 'Solar Installer' }])
        .itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Climate Jobs', item: board.url },
      { '@type': 'ListItem', position: 2, name: 'Solar Installer' },
    ]);
  });
});

describe('boardHomeJsonLd', () => {
  it('names the board and tells search engines how to search it', () => {
    const [organization, website] = boardHomeJsonLd({ ...board, logoUrl: 'https://cdn.example/logo.png' });
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Climate Jobs',
      logo: 'https://cdn.example/logo.png',
    });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: board.url,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://climate.example/b/climate?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('blogPostingJsonLd', () => {
  const post = {
    headline: 'How to write a job ad',
    url: `${board.url}/blog/how-to`,
    description: 'Short and clear.',
    datePublished: new Date('2026-11-01T10:00:00Z'),
    dateModified: new Date('2026-11-02T10:00:00Z'),
    authorName: 'Alex Rivera',
    image: null,
    publisher: board,
    gated: false,
  };

  it('carries what Google reads of an article, by a person', () => {
    expect(blogPostingJsonLd(post)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'How to write a job ad',
      datePublished: '2026-11-01T10:00:00.000Z',
      dateModified: '2026-11-02T10:00:00.000Z',
      author: { '@type': 'Person', name: 'Alex Rivera' },
      publisher: { '@type': 'Organization', name: 'Climate Jobs' },
    });
    expect(blogPostingJsonLd(post).isAccessibleForFree).toBeUndefined();
  });

  it('marks a members-only post as not free, and which part is withheld; no author is the board', () => {
    expect(blogPostingJsonLd({ ...post, gated: true, authorName: null })).toMatchObject({
      isAccessibleForFree: false,
      hasPart: { isAccessibleForFree: false, cssSelector: PAYWALLED_SELECTOR },
      author: { '@type': 'Organization', name: 'Climate Jobs' },
    });
  });
});
