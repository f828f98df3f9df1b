// The board's machine-readable outputs that have a contract of their own: JSON Feed 1.1
// (https://jsonfeed.org/version/1.1), the members of it the board writes. The feed's type comes from
// here, and the tests parse what the board serves with it.
import { z } from 'zod';

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** RFC 3339 date-times, as the JSON Feed spec asks for `date_published` and `date_modified`. */
const rfc3339 = z.iso.datetime({ offset: true });

export const jsonFeedItemSchema = z
  .object({
    id: z.string().min(1).describe('The job id: unique and never changing, as the spec asks.'),
    url: z.url().describe('The job page on the board.'),
    title: z.string(),
    content_html: z
      .string()
      .describe('The description as sanitized HTML; only the teaser for a job behind the paywall.'),
    date_published: rfc3339,
    date_modified: rfc3339,
    tags: z.array(z.string()).describe('The names of the job’s categories, the main one first.'),
    authors: z.array(z.object({ name: z.string() }).strict()).describe('The hiring company.'),
  })
  .strict();

export const jsonFeedSchema = z
  .object({
    version: z.literal(JSON_FEED_VERSION),
    title: z.string().min(1),
    home_page_url: z.url(),
    feed_url: z.url(),
    description: z.string(),
    language: z.string().min(2),
    items: z.array(jsonFeedItemSchema),
  })
  .strict();

export type JsonFeed = z.infer<typeof jsonFeedSchema>;
