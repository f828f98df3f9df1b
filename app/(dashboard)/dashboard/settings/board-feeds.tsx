import { CopyableValue } from '@/components/ui/copyable-value';

/** What search engines, feed readers and job sites read of the board, each with what it is for. */
const FEEDS = [
  ['Sitemap', 'sitemap.xml', 'Every public page and live job, for search engines.'],
  ['RSS feed', 'feed.xml', 'The 50 latest jobs, for feed readers and automations.'],
  ['JSON feed', 'feed.json', 'The same 50 latest jobs as JSON Feed 1.1, for scripts and apps.'],
  ['Indeed XML feed', 'jobs.xml', 'Every live job in Indeed’s format: give this address to Indeed.'],
  ['LinkedIn XML feed', 'jobs/linkedin.xml', 'Every live job in LinkedIn’s job wrapping format.'],
  ['ZipRecruiter XML feed', 'jobs/ziprecruiter.xml', 'Every live job in ZipRecruiter’s feed format.'],
  ['robots.txt', 'robots.txt', 'What crawlers may read, and where the sitemap is.'],
] as const;

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The board's feeds, each with a line on what reads it and its address to copy. */
export function BoardFeeds({ board }: { board: string }) {
  return (
    <ul className="divide-y divide-border" aria-label="Feeds and files of your board">
      {FEEDS.map(([label, path, purpose]) => {
        const url = `${board}/${path}`;
        return (
          <li key={path} className="grid gap-2 py-3 first:pt-0 last:pb-0 md:grid-cols-[14rem_1fr] md:gap-4">
            <div>
              <a href={url} className="font-medium text-primary underline" target="_blank" rel="noopener">
                {label}
              </a>
              <p className="text-xs text-muted-foreground">{purpose}</p>
            </div>
            <CopyableValue
              value={url}
              testId={`feed-url-${slug(label)}`}
              copyLabel={`Copy the ${label} address`}
            />
          </li>
        );
      })}
    </ul>
  );
}
