import { and, type SQL, sql } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import { containsPattern } from '@/lib/core/sql-like';
import type { Db } from '@/lib/core/transaction';
import { jobWithRefs } from './serialize';

/** Trigram indexes serve substrings of three characters or more; shorter ones would read every title. */
const MIN_SUBSTRING_LENGTH = 3;

/**
 * What a search reads of a job: the `jobs` row's own columns (`searchedJobs`), or the same facts
 * under other names (an alert statement's, lib/alerts/matching.ts). The search rules below take
 * either, so the board's search and alert matching apply the same ones.
 */
export interface SearchedJob {
  /** The English full-text document: title and company (weights A and B), then the description. */
  vector: SQL;
  title: SQL;
  company: SQL;
  /** True for a job whose description the searcher may not read (the paywall's); absent: none. */
  hidden?: SQL;
  /** The vector's title and company alone (`ts_filter(vector, '{a,b}')`), where a statement has it at hand. */
  publicVector?: SQL;
  /** The job's free-text location, and the name and city of its linked place (null without one). */
  location: SQL;
  placeName: SQL;
  placeCity: SQL;
}

/** The `jobs` row as a search reads it; `hidden`: the paywall's condition, for the board. */
export const searchedJobs = (hidden?: SQL): SearchedJob => ({
  vector: sql`${jobs.searchVector}`,
  title: sql`${jobs.title}`,
  company: sql`${jobs.companyName}`,
  hidden,
  location: sql`${jobs.location}`,
  // Spelled out: a select of `jobs` alone may leave its own columns unqualified (see jobsOfMember).
  placeName: sql`(select l.name from locations l where l.id = "jobs"."location_id")`,
  placeCity: sql`(select l.city from locations l where l.id = "jobs"."location_id")`,
});

/** A search's side: its tsquery, and its pattern for substrings (SQL null under 3 characters). */
export interface SearchTerms {
  tsQuery: SQL;
  pattern: SQL;
}

/** A search as typed on the board; an alert keeps the same terms in generated columns. */
export function searchTerms(search: string): SearchTerms {
  return {
    tsQuery: sql`websearch_to_tsquery('english', ${search})`,
    pattern: search.trim().length >= MIN_SUBSTRING_LENGTH ? sql`${containsPattern(search)}` : sql`null::text`,
  };
}

/**
 * The query matches the document's title and company (weights A and B of `search_vector`, see
 * db/schema/jobs.ts) without its description. The whole document must match too, which keeps its
 * index in use; that is implied for a query without negation, and a negated one ("java -word")
 * never matches here: "no `word` in the whole document" would tell what the description holds.
 */
const publicDocumentMatch = (job: SearchedJob, tsQuery: SQL) =>
  sql`(${tsQuery}::text not like '%!%' and ${job.publicVector ?? sql`ts_filter(${job.vector}, '{a,b}')`} @@ ${tsQuery})`;

/**
 * The search in the job's full-text document. A `hidden` job matches on its title and company
 * alone, so a search cannot tell what its description holds.
 */
export function fullTextMatch(job: SearchedJob, terms: SearchTerms): SQL {
  const document = sql`${job.vector} @@ ${terms.tsQuery}`;
  return job.hidden
    ? sql`(${document} and (not ${job.hidden} or ${publicDocumentMatch(job, terms.tsQuery)}))`
    : document;
}

/** The search as a substring of title or company ("front" finds "Frontend"); never under 3 characters. */
export const substringMatch = (job: SearchedJob, terms: SearchTerms): SQL =>
  sql`(${job.title} ilike ${terms.pattern} or ${job.company} ilike ${terms.pattern})`;

/**
 * The search's one rule: the job matches in full text or as a substring of title or company. The
 * board asks its two parts apart (see countSearch and searchPage); alerts ask this.
 */
export const textMatch = (job: SearchedJob, terms: SearchTerms): SQL =>
  sql`(${fullTextMatch(job, terms)} or ${substringMatch(job, terms)})`;

/** A searched location (a `%…%` pattern): in the job's free text, or its place's name or city. */
export const locationMatch = (job: SearchedJob, pattern: SQL): SQL =>
  sql`(${job.location} ilike ${pattern} or ${job.placeName} ilike ${pattern} or ${job.placeCity} ilike ${pattern})`;

export interface SearchMatch {
  /** The whole document in English full text (`fullTextMatch`). */
  document: SQL;
  /** `substringMatch`; none under 3 characters. */
  substring?: SQL;
  /**
   * Title matches that hold the search as typed (a final plural "s" dropped): "accountant" is in
   * "Staff Accountant", not in "Account Manager"; "developers" finds "Developer", not "Development".
   */
  titleText: SQL;
  title: SQL;
  company: SQL;
}

/**
 * The matches a search ranks by: `textMatch` in its two parts, and title and company matches for
 * the ranking's tiers. `hidden` is a condition on the jobs whose description the searcher may not
 * read (the paywall's), as in `fullTextMatch`.
 */
export function searchMatch(search: string, hidden?: SQL): SearchMatch {
  const job = searchedJobs(hidden);
  const terms = searchTerms(search);
  const substring = search.trim().length >= MIN_SUBSTRING_LENGTH;
  const orContains = (column: SQL) => (substring ? sql` or ${column} ilike ${terms.pattern}` : sql``);
  // A title or company that matches a search excluding words ("java -python") matches only if the
  // job does (the excluded word may be in its description): a tier ranks matches, it adds none.
  const ranked = (tier: SQL) =>
    sql`(${tier} and (${terms.tsQuery}::text not like '%!%' or ${textMatch(job, terms)}))`;
  const title = ranked(
    sql`(to_tsvector('english', ${job.title}) @@ ${terms.tsQuery}${orContains(job.title)})`,
  );
  const company = ranked(
    sql`(to_tsvector('english', ${job.company}) @@ ${terms.tsQuery}${orContains(job.company)})`,
  );
  return {
    document: fullTextMatch(job, terms),
    substring: substring ? substringMatch(job, terms) : undefined,
    titleText: sql`(${title} and ${job.title} ilike ${containsPattern(withoutPlural(search))})`,
    title,
    company,
  };
}

/** `developers` → `developer`, `sales` → `sale`; short words and `-ss` endings stay as they are. */
function withoutPlural(search: string): string {
  const trimmed = search.trim();
  return /[^s]s$/i.test(trimmed) && trimmed.length > 4 ? trimmed.slice(0, -1) : trimmed;
}

/**
 * A page of search results in relevance tiers: the search as typed in the title, then title matches
 * of its words' stems (English stemming makes "accountant" match "Account Manager"), then company
 * matches, then matches in the description only; newest first within a tier. One statement.
 *
 * Each tier is its own newest-first CTE with a LIMIT, so PostgreSQL either walks the newest-first
 * index (a common word) or the tier's GIN indexes (a rare one) and never ranks every match. A tier
 * runs only while the tiers above it have not filled the page: its CTE is gated on their count, a
 * condition on no row of its own, which PostgreSQL checks once before reading anything (a one-time
 * filter). A tier's query names only what it must match, not the tiers above it that it must leave
 * out: "a title match but not one holding the text" cannot be estimated, and a wrong guess walked the
 * whole board (183 ms for `Python`). Instead every tier asks for a whole page's worth and a row keeps
 * the highest tier it was found in: a lower tier is only read when the tiers above were read to the
 * end, so at most that many of its rows are duplicates. Returns the query (awaited, it is the rows).
 *
 * The title-stem and company tiers take their matches through their indexes first and sort them
 * after (a materialized CTE of candidates): their matches are few, but the planner cannot tell from a
 * trigram estimate, and walking the newest-first index for matches that are not there read the whole
 * board (7–10 s for `Kafka` or `SQL` among 700,000 jobs).
 */
export function searchPage(db: Db, filters: SQL, match: SearchMatch, limit: number, offset: number) {
  const wanted = offset + limit;
  const tiers = [
    { condition: match.titleText, fromCandidates: false },
    { condition: match.title, fromCandidates: true },
    { condition: match.company, fromCandidates: true },
    { condition: match.document, fromCandidates: false },
  ];
  const named = (prefix: 'tier' | 'candidates', tier: number) => sql.raw(`${prefix}_${tier}`);
  const newest = sql.raw('order by created_at desc, id desc');
  const ctes = tiers.map(({ condition, fromCandidates }, index) => {
    const tier = index + 1;
    const above = tiers.slice(0, index).map((_, i) => sql`select id from ${named('tier', i + 1)}`);
    const gate = above.length
      ? sql` and (select count(*) from (${sql.join(above, sql` union `)}) placed) < ${wanted}`
      : sql``;
    const where = sql`${and(filters, condition)}${gate}`;
    return fromCandidates
      ? sql`${named('candidates', tier)} as materialized (select ${jobs.id}, ${jobs.createdAt} from ${jobs} where ${where}),
          ${named('tier', tier)} as materialized (select id, created_at, ${tier} as tier from ${named('candidates', tier)} ${newest} limit ${wanted})`
      : sql`${named('tier', tier)} as materialized (select ${jobs.id}, ${jobs.createdAt}, ${tier} as tier from ${jobs} where ${where} ${newest} limit ${wanted})`;
  });
  const found = tiers.map((_, i) => sql`select * from ${named('tier', i + 1)}`);
  // The CTE's columns are named in raw SQL: drizzle leaves a raw CTE's fields unqualified, and `id` is a job's too.
  const page = db
    .$with('search_page', { id: sql<string>`id`.as('id'), position: sql<number>`position`.as('position') })
    .as(
      sql`with ${sql.join(ctes, sql`, `)},
      placed as (select distinct on (id) id, created_at, tier from (${sql.join(found, sql` union all `)}) found order by id, tier)
      select id, row_number() over (order by tier, created_at desc, id desc) as position from placed
      order by position limit ${limit} offset ${offset}`,
    );
  return db
    .with(page)
    .select(jobWithRefs)
    .from(jobs)
    .innerJoin(page, sql`search_page.id = ${jobs.id}`)
    .orderBy(sql`search_page.position`);
}
