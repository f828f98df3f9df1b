// JobPosting structured data for Google for Jobs, typed with schema-dts. Google's rules:
// https://developers.google.com/search/docs/appearance/structured-data/job-posting
import type { Country, JobPosting, WebPage, WithContext } from 'schema-dts';
import type { Location } from '@/db/schema';
import { googleDescriptionHtml } from '@/lib/content';
import { countryName, remoteAreaCountries, remoteCandidate, streetAddressIn } from '@/lib/geo';
import type { JobOut, WorkplaceType } from '@/lib/jobs/schemas';

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
  location: Location | null;
  organizationName: string;
  logoUrl: string | null;
}

type JobPlace = Pick<JobOut, 'workplace_type' | 'location'>;
type PlaceKind = Pick<Location, 'locationType'>;

/** A `location` text that says remote ("Remote", "Remote - Europe"), as a remote place. */
const remoteText = (job: JobPlace) => (job.location?.trim() ? remoteCandidate(job.location) : null);

/**
 * The workplace Google is told: the job's own type, or remote for an on-site default whose
 * location is a remote place or says "Remote" (clients of the spec's API send only that).
 */
function workplaceOf(job: JobPlace, location: PlaceKind | null): WorkplaceType {
  if (job.workplace_type !== 'on_site') return job.workplace_type;
  if (location ? location.locationType === 'remote' : remoteText(job)) return 'remote';
  return 'on_site';
}

/** The physical place of the job: its location unless that is a remote one, else its text. */
function placeOf<L extends PlaceKind>(job: JobPlace, location: L | null): L | string | null {
  if (location) return location.locationType === 'remote' ? null : location;
  return job.location?.trim() && !remoteText(job) ? job.location.trim() : null;
}

/**
 * Why Google for Jobs would refuse the job's JobPosting, so its page carries none (and the
 * dashboard says this); null when the job has a place or is fully remote.
 */
export function jobPostingProblem(job: JobPlace, location: PlaceKind | null): string | null {
  const workplace = workplaceOf(job, location);
  if (workplace === 'remote' || placeOf(job, location)) return null;
  return workplace === 'hybrid'
    ? 'A hybrid job needs the place of its office. Add a location.'
    : 'It has no place and is not remote. Add a location, or set the workplace to remote.';
}

type JobSalary = Pick<JobOut, 'salary_min' | 'salary_max' | 'salary_currency'>;

const hasSalary = (job: JobSalary) => job.salary_min !== null || job.salary_max !== null;

/**
 * Why the board shows none of a job's salary, so the dashboard says so: an amount without a
 * currency is no amount of money to a reader in another country, nor to Google (which requires
 * baseSalary's currency). The page, its cards, the JSON-LD and the Indeed feed all leave it out.
 */
export function salaryProblem(job: JobSalary): string | null {
  return hasSalary(job) && !job.salary_currency
    ? 'The salary has no currency, so the board and Google do not show it. Add its currency.'
    : null;
}

/** `{ "@type": "Country", "name": "Germany" }` for each ISO 3166-1 code. */
const countriesNamed = (codes: string[]): Country[] =>
  codes.flatMap((code) => {
    const name = countryName(code);
    return name ? [{ '@type': 'Country', name }] : [];
  });

/**
 * Where applicants of a remote job may live, as countries Google resolves: the country of its place
 * or of its remote location, or the countries of a region ("Remote (Europe)"). None for a job open
 * to the whole world, which Google then reads as such.
 */
function applicantCountries(job: JobPlace, location: Location | null): Country[] {
  const remote = location ? (location.locationType === 'remote' ? location : null) : null;
  const candidate = location ? null : remoteText(job);
  const code = location?.countryCode ?? candidate?.country_code;
  if (code) return countriesNamed([code]);
  const area = /^Remote \((.+)\)$/.exec(remote?.name ?? candidate?.name ?? '')?.[1];
  return area ? countriesNamed(remoteAreaCountries(area) ?? []) : [];
}

/** A region as Google reads it: its name, or an ISO 3166-2 style code, never a gazetteer number. */
/** streetAddress and postalCode, where the job's location text gives them inside its place. */
function streetOf(text: string | null, place: Location) {
  const { streetAddress, postalCode } = streetAddressIn(text, place);
  return { ...(streetAddress ? { streetAddress } : {}), ...(postalCode ? { postalCode } : {}) };
}

const regionOf = (place: Location) =>
  place.state ?? (place.stateCode && /^[A-Z]{1,3}$/.test(place.stateCode) ? place.stateCode : undefined);

/**
 * The JSON-LD object of a live job page, or null when Google would refuse it (jobPostingProblem):
 * a job on site or hybrid has a place (jobLocation), a fully remote one is TELECOMMUTE.
 */
export function jobPostingJsonLd({
  job,
  descriptionHtml,
  location,
  organizationName,
  logoUrl,
}: JobPostingInput): WithContext<JobPosting> | null {
  if (jobPostingProblem(job, location)) return null;
  const workplace = workplaceOf(job, location);
  const place = placeOf(job, location);
  const posting: WithContext<JobPosting> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: googleDescriptionHtml(descriptionHtml),
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
  if (place) {
    posting.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(typeof place === 'string'
          ? { addressLocality: place }
          : {
              ...streetOf(job.location, place),
              ...(place.city ? { addressLocality: place.city } : {}),
              ...(regionOf(place) ? { addressRegion: regionOf(place) } : {}),
              ...(place.countryCode ? { addressCountry: place.countryCode } : {}),
            }),
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
  if (workplace === 'remote') {
    posting.jobLocationType = 'TELECOMMUTE';
    const countries = applicantCountries(job, location);
    if (countries.length > 0)
      posting.applicantLocationRequirements = countries.length === 1 ? countries[0] : countries;
  }
  if (hasSalary(job) && job.salary_currency) {
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
