import { type AnyColumn, and, count, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { jobs } from '@/db/schema';
import { escapeLike } from '@/lib/core/sql-like';
import { type Db, executeRows, transaction } from '@/lib/core/transaction';
import { categoryRefsOfJob, jobColumns } from './serialize';

/** Trigram indexes serve substrings of three characters or more; shorter ones would read every title. */
const MIN_SUBSTRING_LENGTH = 3;

interface SearchMatch {
  /** The whole document (title, company, description) in English full text. */
  document: SQL;
  /** The search as a substring of title or company ("front" finds "Frontend"); none under 3 characters. */
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
 * The matches a search ranks by: the English full-text document, and substrings of title and company.
 * `hidden` is a condition on the jobs whose description the searcher may not read (the paywall's):
 * those match on their title and company alone, so a search cannot tell what their description holds.
 */
export function searchMatch(search: string, hidden?: SQL): SearchMatch {
  const tsQuery = sql`websearch_to_tsquery('english', ${search})`;
  const pattern = search.trim().length >= MIN_SUBSTRING_LENGTH ? `%${escapeLike(search)}%` : undefined;
  const orContains = (column: AnyColumn) => (pattern ? sql` or ${column} ilike ${pattern}` : sql``);
  const title = sql`(to_tsvector('english', ${jobs.title}) @@ ${tsQuery}${orContains(jobs.title)})`;
  const company = sql`(to_tsvector('english', ${jobs.companyName}) @@ ${tsQuery}${orContains(jobs.companyName)})`;
  const document = sql`${jobs.searchVector} @@ ${tsQuery}`;
  return {
    document: hidden ? sql`(${document} and (not ${hidden} or ${publicDocumentMatch(tsQuery)}))` : document,
    substring: pattern
      ? sql`(${jobs.title} ilike ${pattern} or ${jobs.companyName} ilike ${pattern})`
      : undefined,
    titleText: sql`(${title} and ${jobs.title} ilike ${`%${escapeLike(withoutPlural(search))}%`})`,
    title,
    company,
  };
}

/**
 * The query matches the document's title and company (weights A and B of `search_vector`, see
 * db/schema/jobs.ts) without its description. The whole document must match too, which keeps its
 * index in use; that is implied for a query without negation, and a negated one ("java -word")
 * never matches here: "no `word` in the whole document" would tell what the description holds.
 */
const publicDocumentMatch = (tsQuery: SQL) =>
  sql`(${tsQuery}::text not like '%!%' and ts_filter(${jobs.searchVector}, '{a,b}') @@ ${tsQuery})`;

/**
 * The exact number of matches, as the union of the full-text matches and the substring matches'
 * ids. One `document OR substring` condition would be slower: the trigram index only names
 * candidates, and rechecking one recomputes the whole condition, the document's vector included.
 *
 * Sequential scans are off for the count: the heap is narrow (vectors and descriptions are out of
 * line), so the planner prices reading it all below the GIN index for a common word, not knowing
 * that each row's vector must then be fetched and decompressed (255 ms for `Excel` against 11 ms).
 * In its own transaction, so the setting ends with it (inside a caller's transaction, with that one).
 */
export async function countSearch(db: Db, filters: SQL, match: SearchMatch): Promise<number> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const matching = (condition: SQL) => tx.select({ id: jobs.id }).from(jobs).where(and(filters, condition));
    const ids = match.substring
      ? union(matching(match.document), matching(match.substring)).as('matches')
      : matching(match.document).as('matches');
    const [row] = await tx.select({ total: count() }).from(ids);
    return row?.total ?? 0;
  });
}

/** `developers` → `developer`, `sales` → `sale`; short words and `-ss` endings stay as they are. */
function withoutPlural(search: string): string {
  const trimmed = search.trim();
  return /[^s]s$/i.test(trimmed) && trimmed.length > 4 ? trimmed.slice(0, -1) : trimmed;
}

/**
 * A page of search results in relevance tiers: the search as typed in the title, then title matches
 * of its words' stems (English stemming makes "accountant" match "Account Manager"), then company
 * matches, then matches in the description only; newest first within a tier.
 *
 * Each tier is its own newest-first query with a LIMIT, asked only while the tiers above it have not
 * filled the page, so PostgreSQL either walks the newest-first index (a common word) or the tier's GIN
 * indexes (a rare one) and never ranks every match. A tier's query names only what it must match, not
 * the tiers above it that it must leave out: "a title match but not one holding the text" cannot be
 * estimated, and a wrong guess walked the whole board (183 ms for `Python`). Instead every tier asks
 * for a whole page's worth and skips the rows placed above it: a lower tier is only read when the
 * tiers above were read to the end, so at most that many of its rows are skipped.
 */
export async function searchPage(db: Db, filters: SQL, match: SearchMatch, limit: number, offset: number) {
  const wanted = offset + limit;
  const tiers = [
    { condition: match.titleText, fromCandidates: false },
    { condition: match.title, fromCandidates: true },
    { condition: match.company, fromCandidates: true },
    { condition: match.document, fromCandidates: false },
  ];
  // Insertion order is rank order; a row a tier above already placed is not placed again.
  const ranked = new Set<string>();
  for (const { condition, fromCandidates } of tiers) {
    const rows = fromCandidates
      ? await newestCandidates(db, and(filters, condition)!, wanted)
      : await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(filters, condition))
          .orderBy(desc(jobs.createdAt), desc(jobs.id))
          .limit(wanted);
    for (const { id } of rows) {
      ranked.add(id);
      if (ranked.size === wanted) break;
    }
    if (ranked.size === wanted) break;
  }
  const pageIds = [...ranked].slice(offset);
  if (!pageIds.length) return [];
  const rows = await db
    .select({ job: jobColumns, categories: categoryRefsOfJob })
    .from(jobs)
    .where(inArray(jobs.id, pageIds));
  const position = new Map(pageIds.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.job.id)! - position.get(b.job.id)!);
}

/**
 * The newest `limit` jobs meeting `condition`, found through its indexes first and sorted after.
 * For the title-stem and company tiers, which run only once the page is not yet full: their matches
 * are few, but the planner cannot tell from a trigram estimate, and walking the newest-first index
 * for matches that are not there read the whole board (7–10 s for `Kafka` or `SQL` among 700,000
 * jobs). The materialized CTE takes the index walk off the table.
 */
async function newestCandidates(db: Db, condition: SQL, limit: number): Promise<{ id: string }[]> {
  const candidates = db.select({ id: jobs.id, createdAt: jobs.createdAt }).from(jobs).where(condition);
  return executeRows<{ id: string }>(
    db,
    sql`with candidates as materialized (${candidates}) select id from candidates order by created_at desc, id desc limit ${limit}`,
  );
}
