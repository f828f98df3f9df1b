import { jsonLdScript } from '@/lib/board/job-posting';

/** Structured data for search engines, as one JSON-LD script; nothing when there is none. */
export function JsonLd({ data }: { data: object[] }) {
  if (data.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (jsonLdScript), a data block no browser runs
      dangerouslySetInnerHTML={{ __html: jsonLdScript(data.length === 1 ? data[0]! : data) }}
    />
  );
}
