import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hrefWith } from './list-address';
import { Pagination } from './pagination';

function render(page: number, total: number) {
  const address = { status: 'pending', page: String(page) };
  return renderToStaticMarkup(
    createElement(Pagination, {
      total,
      noun: ['alert', 'alerts'],
      page,
      perPage: 50,
      href: (to: number) => hrefWith('/dashboard/alerts', address, { page: to }),
    }),
  );
}

/** Each link of the pager: its name (aria-label or text), address and aria-current. */
function links(html: string) {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attributes = '', content = '']) => {
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
    return {
      name: attribute('aria-label') ?? content.replace(/<[^>]*>/g, '').trim(),
      href: attribute('href')?.replaceAll('&amp;', '&'),
      current: attribute('aria-current'),
    };
  });
}

describe('Pagination', () => {
  it('links every nearby page with the list’s filters, the current one marked', () => {
    const html = render(2, 120);
    expect(html).toContain('<nav aria-label="Pages of alerts"');
    expect(html).toContain('120 alerts · page 2 of 3');
    expect(links(html)).toEqual([
      { name: 'Previous', href: '/dashboard/alerts?status=pending', current: undefined },
      { name: 'Page 1', href: '/dashboard/alerts?status=pending', current: undefined },
      { name: 'Page 2', href: '/dashboard/alerts?status=pending&page=2', current: 'page' },
      { name: 'Page 3', href: '/dashboard/alerts?status=pending&page=3', current: undefined },
      { name: 'Next', href: '/dashboard/alerts?status=pending&page=3', current: undefined },
    ]);
  });

  it('disables the step that leads nowhere and lists no numbers for a single page', () => {
    const html = render(1, 3);
    expect(html).toContain('3 alerts · page 1 of 1');
    expect(links(html)).toEqual([]);
    expect(html.match(/<button[^>]*disabled=""/g)).toHaveLength(2);
  });

  it('is absent under an empty list', () => {
    expect(render(1, 0)).toBe('');
  });
});
