// The relevance check: 20 searches over the bench corpus, each with the jobs a person would expect
// in its top 3. Run by `npm run bench` against the server (uncached) and by relevance.test.ts.

export interface FoundJob {
  title: string;
  company_name: string;
  description: string;
}

export interface RelevanceQuery {
  search: string;
  /** What each of the top 3 must be, in words. */
  expect: string;
  matches: (job: FoundJob) => boolean;
}

const inTitle =
  (...words: string[]) =>
  (job: FoundJob) =>
    words.every((word) => job.title.toLowerCase().includes(word.toLowerCase()));

/** `company`: a company of the searched board, looked for by its exact name. */
export function relevanceQueries(company: string): RelevanceQuery[] {
  const titled = (search: string, ...words: string[]): RelevanceQuery => ({
    search,
    expect: `“${(words.length ? words : [search]).join('” and “')}” in the title`,
    matches: inTitle(...(words.length ? words : [search])),
  });
  return [
    titled('python developer'),
    titled('react'),
    titled('registered nurse'),
    titled('nurse'),
    titled('data scientist'),
    titled('machine learning'),
    titled('devops'),
    titled('site reliability engineer'),
    titled('product manager'),
    titled('ux designer'),
    titled('accountant'),
    titled('recruiter'),
    titled('pharmacist'),
    titled('chef'),
    titled('seo'),
    titled('ios developer'),
    titled('senior data engineer', 'senior', 'data engineer'),
    // Stemming: the plural finds the singular.
    titled('developers', 'developer'),
    {
      search: 'kubernetes',
      expect: '“kubernetes” in the title or the description',
      matches: (job) => `${job.title} ${job.description}`.toLowerCase().includes('kubernetes'),
    },
    {
      search: company,
      expect: `a job of ${company}`,
      matches: (job) => job.company_name === company,
    },
  ];
}

export interface RelevanceResult {
  query: RelevanceQuery;
  top: FoundJob[];
  passed: boolean;
}

/**
 * Runs every query through `search` and says which kept their promise: its first 3 results (or as
 * many as `corpus` holds expected jobs, when the board has fewer) are all expected ones.
 */
export async function checkRelevance(
  company: string,
  search: (text: string) => Promise<FoundJob[]>,
  corpus?: FoundJob[],
): Promise<RelevanceResult[]> {
  const results: RelevanceResult[] = [];
  for (const query of relevanceQueries(company)) {
    const wanted = Math.min(3, corpus ? corpus.filter(query.matches).length : 3);
    const top = (await search(query.search)).slice(0, wanted);
    results.push({ query, top, passed: wanted > 0 && top.length === wanted && top.every(query.matches) });
  }
  return results;
}

export function describeRelevance(results: RelevanceResult[]): string {
  const failed = results.filter((result) => !result.passed);
  const lines = failed.map(
    ({ query, top }) =>
      `  ✗ “${query.search}”: expected ${query.expect}; top 3: ${top.map((job) => `${job.title} (${job.company_name})`).join('; ') || 'nothing'}`,
  );
  return [
    `Relevance: ${results.length - failed.length} of ${results.length} queries have the expected top 3.`,
    ...lines,
  ].join('\n');
}
