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

/**
 * Up to `limit` other live jobs of the organization most like job `jobId`: by shared categories and
 * shared title words, then the same place and the same workplace type, the newest first among
 * equals. A job must share a category or a title word to count at all: where and how the work is
 * done alone would set a designer beside a payments engineer. Titles, categories and places are
 * what every visitor reads of a job, so the ranking tells nothing the paywall hides.
 *
 * Only candidates are scored: the jobs filed under one of its categories or matching one of its
 * title words (through the title's full-text index), so a common category is the most it reads.
 * Scoring every live job of a 3,000-job board took about twice as long (in PGlite).
 */
export async function listSimilarJobs(
  db: Db,
  orgId: number,
  jobId: string,
  { limit, boardUrl, now = new Date() }: { limit: number; boardUrl: string; now?: Date },
): Promise<JobOut[]> {
  const ranked = await executeRows<{ id: string }>(
    db,
    sql`with target as materialized (
      select t.location_id, lower(trim(t.location)) as place, t.workplace_type, words,
        array(select jc.category_id from job_categories jc where jc.job_id = t.id) as categories,
        (select string_agg('(' || q::text || ')', ' | ')::tsquery
          from (select plainto_tsquery('simple', word) as q from unnest(words) word) as w
          where numnode(q) > 0) as any_word
      from jobs t, ${titleWords(sql`t.title`)} as words
      where t.organization_id = ${orgId} and t.id = ${jobId}
    ), candidates as materialized (
      select jc.job_id as id from job_categories jc, target where jc.category_id = any(target.categories)
      union
      select jobs.id from jobs, target
      where jobs.organization_id = ${orgId} and to_tsvector('english', jobs.title) @@ target.any_word
    ), scored as (
      select jobs.id, jobs.published_at, jobs.workplace_type = target.workplace_type as same_workplace,
        (jobs.location_id = target.location_id or lower(trim(jobs.location)) = target.place) as same_place,
        (select count(*)::int from job_categories jc
          where jc.job_id = jobs.id and jc.category_id = any(target.categories)) as categories,
        cardinality(array(select unnest(${titleWords(sql`jobs.title`)}) intersect select unnest(target.words))) as words
      from candidates join jobs on jobs.id = candidates.id, target
      where jobs.organization_id = ${orgId} and jobs.id <> ${jobId} and ${liveJobCondition}
    )
    select id from scored
    where categories > 0 or words > 0
    order by ${WEIGHTS.category} * categories + ${WEIGHTS.titleWord} * words
        + case when same_place then ${WEIGHTS.place} else 0 end
        + case when same_workplace then ${WEIGHTS.workplace} else 0 end desc,
      published_at desc nulls last, id desc
    limit ${limit}`,
  );
  if (!ranked.length) return [];
  const ids = ranked.map((row) => row.id);
  const rows = await db.select(jobWithRefs).from(jobs).where(inArray(jobs.id, ids));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => position.get(a.job.id)! - position.get(b.job.id)!)
    .map((row) => toJobOut(row, boardUrl, now));
}
