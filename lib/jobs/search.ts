import { and, desc, not, type SQL, sql } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import { escapeLike } from '@/lib/core/sql-like';
import type { Db } from '@/lib/core/transaction';
import { categoryRefsOfJob } from './serialize';

interface SearchMatch {
  /** Any match: the whole document (title, company, description) or a title/company substring. */
  any: SQL;
  /**
   * Title matches that hold the search as typed (a final plural "s" dropped): "accountant" is in
   * "Staff Accountant", not in "Account Manager"; "developers" finds "Developer", not "Development".
   */
  titleText: SQL;
  title: SQL;
  company: SQL;
  document: SQL;
}

/** The matches a search ranks by: the English full-text document, and substrings of title and company. */
export function searchMatch(search: string): SearchMatch {
  const tsQuery = sql`websearch_to_tsquery('english', ${search})`;
  const pattern = `%${escapeLike(search)}%`;
  const title = sql`(to_tsvector('english', ${jobs.title}) @@ ${tsQuery} or ${jobs.title} ilike ${pattern})`;
  const company = sql`(to_tsvector('english', ${jobs.companyName}) @@ ${tsQuery} or ${jobs.companyName} ilike ${pattern})`;
  const document = sql`${jobs.searchVector} @@ ${tsQuery}`;
  return {
    any: sql`(${document} or ${jobs.title} ilike ${pattern} or ${jobs.companyName} ilike ${pattern})`,
    titleText: sql`(${title} and ${jobs.title} ilike ${`%${escapeLike(withoutPlural(search))}%`})`,
    title,
    company,
    document,
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
 * matches, then matches in the description only; newest first within a tier. Each tier is its own newest-first query with a
 * LIMIT, so PostgreSQL either walks the newest-first index (a common word) or the tier's GIN index
 * (a rare one); it never ranks every match, which for a word in half the descriptions meant reading
 * (and decompressing) tens of thousands of documents per page.
 */
export function searchPage(db: Db, filters: SQL, match: SearchMatch, limit: number, offset: number) {
  const tier = (rank: number, condition: SQL | undefined) =>
    db
      .select({ id: jobs.id, createdAt: jobs.createdAt, tier: sql.raw(String(rank)).as('tier') })
      .from(jobs)
      .where(and(filters, condition))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(offset + limit);
  const ranked = sql`((${tier(4, match.titleText)}) union all (${tier(3, and(match.title, not(match.titleText)))}) union all (${tier(2, and(match.company, not(match.title)))}) union all (${tier(1, and(match.document, not(match.title), not(match.company)))})) as ranked`;
  return db
    .select({ job: jobs, categories: categoryRefsOfJob })
    .from(jobs)
    .innerJoin(ranked, sql`ranked.id = ${jobs.id}`)
    .orderBy(sql`ranked.tier desc`, desc(jobs.createdAt), desc(jobs.id))
    .limit(limit)
    .offset(offset);
}
