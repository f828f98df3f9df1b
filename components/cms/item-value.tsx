import { ImageIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { boardProseClass } from '@/components/editor/board-prose';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import type { SchemaField } from '@/lib/cms/fields';
import type { AssetSummary } from './asset-field';
import type { ReferenceOption } from './item-fields';
import { booleanOf, excerpt, listOf, richTextPlain, textOf } from './item-values';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function Thumbnail({ src, title, large }: { src?: string; title?: string; large?: boolean }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <span
        className={`flex shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-muted ${large ? 'size-24' : 'size-9'}`}
      >
        {src ? (
          // biome-ignore lint/performance/noImgElement: any http(s) host may serve the image
          <img src={src} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-4 text-muted-foreground" />
        )}
      </span>
      {title ? <span className="truncate">{title}</span> : null}
    </span>
  );
}

/**
 * A field's value, read-only: `compact` for a table cell (one short line), otherwise in full for the
 * moderation queue. Values of another type than the field's (older schema) are shown as text.
 * `html` is the rendered rich text, when the page prepared it.
 */
export function ItemValue({
  field,
  value,
  compact,
  assets,
  references,
  html,
}: {
  field: SchemaField;
  value: unknown;
  compact?: boolean;
  assets?: Record<string, AssetSummary>;
  references?: ReferenceOption[];
  html?: string;
}): ReactNode {
  if (isEmpty(value)) return <span className="text-muted-foreground">—</span>;
  const text = textOf(value);
  switch (field.type) {
    case 'richtext':
      if (!compact && html)
        return (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML from the content pipeline, which sanitizes it
          <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: html }} />
        );
      return compact ? (
        excerpt(richTextPlain(value), 80)
      ) : (
        <p className="whitespace-pre-line">{richTextPlain(value)}</p>
      );
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false'
        ? booleanOf(value)
          ? 'Yes'
          : 'No'
        : text;
    case 'multi_select': {
      const picks = listOf(value);
      if (compact) return excerpt(picks.join(', '), 60);
      return (
        <span className="flex flex-wrap gap-1">
          {picks.map((pick) => (
            <Badge key={pick} variant="muted">
              {pick}
            </Badge>
          ))}
        </span>
      );
    }
    case 'image':
      return /^https?:\/\//i.test(text) ? (
        <Thumbnail src={text} title={compact ? undefined : text} large={!compact} />
      ) : (
        text
      );
    case 'asset': {
      const asset = assets?.[text];
      return (
        <Thumbnail
          src={asset?.thumbnail_url}
          title={asset?.title ?? (compact ? undefined : text)}
          large={!compact}
        />
      );
    }
    case 'reference': {
      const option = references?.find((candidate) => candidate.id === text);
      return option ? (
        excerpt(option.label, compact ? 40 : 200)
      ) : (
        <span className="font-mono text-xs">{text}</span>
      );
    }
    case 'datetime':
      // The server renders, so times are shown in UTC and say so.
      return Number.isNaN(Date.parse(text)) ? text : <DateText value={text} style="dateTime" utc />;
    case 'url':
      return compact ? (
        excerpt(text, 40)
      ) : (
        <a href={text} target="_blank" rel="noreferrer" className="break-all text-link">
          {text}
        </a>
      );
    case 'email':
      return compact ? (
        text
      ) : (
        <a href={`mailto:${text}`} className="text-link">
          {text}
        </a>
      );
    case 'longtext':
      return compact ? excerpt(text, 80) : <p className="whitespace-pre-line">{text}</p>;
    default:
      return compact ? excerpt(text, 60) : text;
  }
}
