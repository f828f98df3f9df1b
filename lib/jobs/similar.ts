import { inArray, type SQL, sql } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import { type Db, executeRows } from '@/lib/core/transaction';
import type { JobOut } from './schemas';
import { jobWithRefs, toJobOut } from './serialize';
import { liveJobCondition } from './status';

/**
 * Title words that say how senior a role is, not what it is: a "Lead Designer" is no more like an
 * "Operations Lead" than any designer is. The `english` configuration drops stop words already.
 */
const SENIORITY_WORDS = 'senior sr junior jr lead principal staff head chief intern mid level entry';

/** How much each shared fact counts: the work (categories, title words) far above where it is done. */
const WEIGHTS = { category: 3, titleWord: 2, place: 1, workplace: 1 };

/** A title's words as lexemes: stemmed, without stop words and seniority words. */
const titleWords = (title: SQL) =>
  sql`tsvector_to_array(ts_delete(to_tsvector('english', ${title}), tsvector_to_array(to_tsvector('english', ${SENIORITY_WORDS}))))`;

/** How many of the newest live jobs each way of finding candidates gives to be scored. */
const CANDIDATES_PER_SOURCE = 100;

/**
 * On a larger board, categories and all title words find candidates among this many of its most
 * recently created jobs (ids are UUIDv7, so the newest ids), not among every job.
 */
const RECENT_JOBS = 2000;

/**
 * Up to `limit` other live jobs of the organization most like job `jobId`: by shared categories and
 * shared title words, then the same place and the same workplace type, the newest first among
 * equals. A job must share a category or a title word to count at all: where and how the work is
 * done alone would set a designer beside a payments engineer. Titles, categories and places are
 * what every visitor reads of a job, so the ranking tells nothing the paywall hides.
 *
 * Only candidates are scored: of the board's `recentJobs` most recently created jobs, the newest live
 * ones filed under one of its categories, and the newest whose titles hold all of its title words;
 * only when those two are fewer than `limit`, also the newest on the whole board holding any of its
 * words.
 * On a 70,000-job board (PostgreSQL) scoring every job that shared a category or a word took 88 ms for
 * a "Legal Counsel" and 663 ms for a "Software Engineer" (13,000 titles say "engineer"); the newest
 * 100 of each kind on the whole board, 15 and 23 ms, most of it reading the thousands of rows that
 * matched to find the newest; within the recent jobs, about 5 ms.
 *
 * Two statements: the first reads the job's title words as tsqueries and where the recent jobs begin,
 * so the second is planned knowing them (a title search within the recent ids intersects two index
 * scans instead of reading every row the words match).
 */
export async function listSimilarJobs(
  db: Db,
  orgId: number,
  jobId: string,
  {
    limit,
    boardUrl,
    now = new Date(),
    recentJobs = RECENT_JOBS,
  }: { limit: number; boardUrl: string; now?: Date; recentJobs?: number },
): Promise<JobOut[]> {
  const words = (operator: '&' | '|') => sql`(select string_agg('(' || q::text || ')', ${` ${operator} `})
    from (select plainto_tsquery('simple', word) as q from unnest(words) word) as w
    where numnode(q) > 0)`;
  const [target] = await executeRows<{
    all_words: string | null;
    any_word: string | null;
    since: string | null;
  }>(
    db,
    sql`select ${words('&')} as all_words, ${words('|')} as any_word,
      (select r.id from jobs r where r.organization_id = t.organization_id
        order by r.created_at desc, r.id desc offset ${recentJobs - 1} limit 1) as since
    from jobs t, ${titleWords(sql`t.title`)} as words
    where t.organization_id = ${orgId} and t.id = ${jobId}`,
  );
  if (!target) return [];
  const recent = (id: SQL) => (target.since ? sql`and ${id} >= ${target.since}::uuid` : sql``);
  const titleMatches = (query: string | null) =>
    query ? sql`to_tsvector('english', jobs.title) @@ ${query}::tsquery` : sql`false`;
  const newestLive = (where: SQL) => sql`select jobs.id from jobs
    where jobs.organization_id = ${orgId} and jobs.id <> ${jobId} and ${liveJobCondition} and ${where}
    order by jobs.published_at desc nulls last limit ${CANDIDATES_PER_SOURCE}`;
  const rank = (anyWord: boolean) =>
    executeRows<{ id: string }>(
      db,
      sql`with target as materialized (
      select t.location_id, lower(trim(t.location)) as place, t.workplace_type, words,
        array(select jc.category_id from job_categories jc where jc.job_id = t.id) as categories
      from jobs t, ${titleWords(sql`t.title`)} as words
      where t.organization_id = ${orgId} and t.id = ${jobId}
    ), by_category as materialized (
      -- Ids in an array, not a join: the planner does not know how few they are and hashed every
      -- live job of the board to join them.
      ${newestLive(sql`jobs.id = any(array(select jc.job_id from job_categories jc, target
        where jc.category_id = any(target.categories) ${recent(sql`jc.job_id`)}))`)}
    ), by_title as materialized (
      ${newestLive(sql`${titleMatches(target.all_words)} ${recent(sql`jobs.id`)}`)}
    ), by_any_word as materialized (
      ${newestLive(anyWord ? titleMatches(target.any_word) : sql`false`)}
    ), scored as (
      select jobs.id, jobs.published_at, jobs.workplace_type = target.workplace_type as same_workplace,
        (jobs.location_id = target.location_id or lower(trim(jobs.location)) = target.place) as same_place,
        (select count(*)::int from job_categories jc
          where jc.job_id = jobs.id and jc.category_id = any(target.categories)) as categories,
        cardinality(array(select unnest(${titleWords(sql`jobs.title`)}) intersect select unnest(target.words))) as words
      from jobs, target
      where jobs.id = any(array(select id from by_category union select id from by_title union select id from by_any_word))
    )
    select id from scored
    order by ${WEIGHTS.category} * categories + ${WEIGHTS.titleWord} * words
        + case when same_place then ${WEIGHTS.place} else 0 end
        + case when same_workplace then ${WEIGHTS.workplace} else 0 end desc,
      published_at desc nulls last, id desc
    limit ${limit}`,
    );
  // Fewer than `limit` ranked means fewer candidates: then (rarely) again with any word. Not a
  // condition inside the statement: planned for a common word, it started parallel workers even
  // when the condition then skipped it.
  let ranked = await rank(false);
  if (ranked.length < limit && target.any_word) ranked = await rank(true);
  if (!ranked.length) return [];
  const ids = ranked.map((row) => row.id);
  const rows = await db.select(jobWithRefs).from(jobs).where(inArray(jobs.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => position.get(a.job.id)! - position.get(b.job.id)!)
    .map((row) => toJobOut(row, boardUrl, now));
}
