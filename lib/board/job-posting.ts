// JobPosting structured data for Google for Jobs, typed with schema-dts. Google's rules:
// https://developers.google.com/search/docs/appearance/structured-data/job-posting
import type { BlogPosting, JobPosting, WebPage, WithContext } from 'schema-dts';
import type { locations } from '@/db/schema';
import type { JobOut } from '@/lib/jobs/schemas';

/** schema.org unitText for each salary period. */
const salaryUnit = {
  hourly: 'HOUR',
  daily: 'DAY',
  weekly: 'WEEK',
  monthly: 'MONTH',
  yearly: 'YEAR',
} as const;

export interface JobPostingInput {
  job: JobOut;
  descriptionHtml: string;
  location: typeof locations.$inferSelect | null;
  organizationName: string;
  logoUrl: string | null;
}

/** The JSON-LD object of a live job page. */
export function jobPostingJsonLd({
  job,
  descriptionHtml,
  location,
  organizationName,
  logoUrl,
}: JobPostingInput): WithContext<JobPosting> {
  const remote = job.is_remote || location?.locationType === 'remote';
  const place = location && location.locationType !== 'remote' ? location : null;
  const posting: WithContext<JobPosting> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml,
    datePosted: job.published_at ?? job.created_at,
    ...(job.expires_at ? { validThrough: job.expires_at } : {}),
    ...(job.employment_type ? { employmentType: job.employment_type } : {}),
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company_name,
      ...(job.company_website ? { sameAs: job.company_website, url: job.company_website } : {}),
      ...(logoUrl ? { logo: logoUrl } : {}),
    },
    identifier: { '@type': 'PropertyValue', name: organizationName, value: job.id },
    ...(job.url ? { url: job.url } : {}),
    ...(job.how_to_apply_method === 'form-internal' ? { directApply: true } : {}),
  };
  if (place || (!remote && job.location)) {
    posting.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(place
          ? {
              ...(place.city ? { addressLocality: place.city } : {}),
              ...(place.state || place.stateCode
                ? { addressRegion: place.stateCode ?? place.state ?? undefined }
                : {}),
              ...(place.countryCode ? { addressCountry: place.countryCode } : {}),
            }
          : { addressLocality: job.location ?? undefined }),
      },
      ...(job.coordinates
        ? {
            geo: {
              '@type': 'GeoCoordinates',
              latitude: job.coordinates.latitude,
              longitude: job.coordinates.longitude,
            },
          }
        : {}),
    };
  }
  if (remote) {
    posting.jobLocationType = 'TELECOMMUTE';
    // Google requires at least one country or region applicants may work from.
    posting.applicantLocationRequirements = place?.countryCode
      ? { '@type': 'Country', name: place.countryCode }
      : location?.locationType === 'remote' && location.countryCode
        ? { '@type': 'Country', name: location.countryCode }
        : { '@type': 'AdministrativeArea', name: location?.name ?? 'Worldwide' };
  }
  // Google requires the currency; without one the salary stays on the page but not in the data.
  if ((job.salary_min !== null || job.salary_max !== null) && job.salary_currency) {
    const min = job.salary_min ?? job.salary_max!;
    const max = job.salary_max ?? job.salary_min!;
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: job.salary_currency,
      value: {
        '@type': 'QuantitativeValue',
        ...(min === max ? { value: min } : { minValue: min, maxValue: max }),
        unitText: salaryUnit[job.salary_period ?? 'yearly'],
      },
    };
  }
  return posting;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The class of the part of a page only subscribers get (Google's paywalled-content markup). */
export const PAYWALLED_SELECTOR = '.paywalled-content';

/**
 * Google's structured data for a page behind a paywall: the page is not free, and the marked part
 * is why, so the teaser it sees is not taken for cloaking.
 */
export function paywalledPageJsonLd(url: string): WithContext<WebPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    url,
    isAccessibleForFree: false,
    hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALLED_SELECTOR },
  };
}

/** A members-only blog post's markup: the article is not free, and the marked part is why. */
export function paywalledPostJsonLd(headline: string, url: string): WithContext<BlogPosting> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline,
    url,
    isAccessibleForFree: false,
    hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALLED_SELECTOR },
  };
}
