// The board's schema.org markup beside JobPosting (job-posting.ts), typed with schema-dts:
// breadcrumbs, the home page's Organization and WebSite, and blog posts. Google's rules:
// https://developers.google.com/search/docs/appearance/structured-data/breadcrumb,
// .../organization, .../article.
import type { BlogPosting, BreadcrumbList, Organization, WebSite, WithContext } from 'schema-dts';
import { PAYWALLED_SELECTOR } from './job-posting';

export interface Crumb {
  name: string;
  /** Absolute; the last crumb (the page itself) may leave it out, as Google allows. */
  url?: string;
}

/** A BreadcrumbList of the trail that leads to a page, from the board's home. */
export function breadcrumbJsonLd(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

export interface BoardIdentity {
  name: string;
  /** The board's home, absolute. */
  url: string;
  logoUrl: string | null;
}

/**
 * The board home's Organization (name, logo) and WebSite, whose SearchAction tells search engines
 * how to search the board: its home with `?q=`.
 */
export function boardHomeJsonLd(board: BoardIdentity): [WithContext<Organization>, WithContext<WebSite>] {
  const search = new URL(board.url);
  search.searchParams.set('q', '{search_term_string}');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: board.name,
      url: board.url,
      ...(board.logoUrl ? { logo: board.logoUrl } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: board.name,
      url: board.url,
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: search.href.replace('%7Bsearch_term_string%7D', '{search_term_string}'),
        },
        'query-input': 'required name=search_term_string',
      } as WebSite['potentialAction'],
    },
  ];
}

export interface CompanyFacts {
  name: string;
  /** Its page on the board, absolute. */
  url: string;
  logoUrl: string | null;
  website: string | null;
  description: string | null;
}

/** A company page's Organization: its name, logo, own site (sameAs) and introduction. */
export function companyJsonLd(company: CompanyFacts): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: company.url,
    ...(company.logoUrl ? { logo: company.logoUrl } : {}),
    ...(company.website ? { sameAs: company.website } : {}),
    ...(company.description ? { description: company.description } : {}),
  };
}

export interface PostFacts {
  headline: string;
  url: string;
  description: string;
  datePublished: Date | null;
  dateModified: Date;
  authorName: string | null;
  image: string | null;
  publisher: BoardIdentity;
  /** Members only and closed to this visitor: the marked part is why the page is not free. */
  gated: boolean;
}

/** A blog post's BlogPosting; a gated one says it is not free and which part is withheld. */
export function blogPostingJsonLd(post: PostFacts): WithContext<BlogPosting> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.headline.slice(0, 110),
    url: post.url,
    mainEntityOfPage: post.url,
    description: post.description,
    ...(post.datePublished ? { datePublished: post.datePublished.toISOString() } : {}),
    dateModified: post.dateModified.toISOString(),
    ...(post.image ? { image: post.image } : {}),
    author: post.authorName
      ? { '@type': 'Person', name: post.authorName }
      : { '@type': 'Organization', name: post.publisher.name, url: post.publisher.url },
    publisher: {
      '@type': 'Organization',
      name: post.publisher.name,
      url: post.publisher.url,
      ...(post.publisher.logoUrl ? { logo: post.publisher.logoUrl } : {}),
    },
    ...(post.gated
      ? {
          isAccessibleForFree: false,
          hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALLED_SELECTOR },
        }
      : {}),
  };
}
