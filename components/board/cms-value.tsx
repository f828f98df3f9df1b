import { booleanOf, listOf, textOf } from '@/components/cms/item-values';
import { boardProseClass } from '@/components/editor/board-prose';
import { longDate } from '@/lib/board/format';
import { richTextHtml } from '@/lib/cms';
import type { SchemaField } from '@/lib/cms/fields';
import { formatDate } from '@/lib/core/format';

/** What a reference or asset field points at, as the board may show it. */
export interface ResolvedLink {
  label: string;
  href?: string;
  imageUrl?: string;
}

/**
 * One field of a public CMS item on the board, by its type (rich text through the content
 * pipeline); `links` is what reference and asset ids resolve to (unresolved ones are not shown).
 */
export function CmsValue({
  field,
  value,
  links,
  locale,
}: {
  field: SchemaField;
  value: unknown;
  links?: Record<string, ResolvedLink>;
  locale: string;
}) {
  const text = textOf(value).trim();
  switch (field.type) {
    case 'richtext': {
      const html = richTextHtml(value);
      // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML from the content pipeline, which sanitizes it
      return html ? <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: html }} /> : null;
    }
    case 'longtext':
      return <p className="whitespace-pre-line">{text}</p>;
    case 'boolean':
      return <span>{booleanOf(value) ? 'Yes' : 'No'}</span>;
    case 'number':
      return <span>{Number.isFinite(Number(text)) ? Number(text).toLocaleString('en-US') : text}</span>;
    case 'multi_select':
      return (
        <ul className="flex flex-wrap gap-1.5">
          {listOf(value).map((pick) => (
            <li key={pick} className="rounded-full bg-muted px-2.5 py-0.5 text-sm">
              {pick}
            </li>
          ))}
        </ul>
      );
    case 'date':
      return <time dateTime={text}>{longDate(`${text.slice(0, 10)}T00:00:00Z`, locale)}</time>;
    case 'datetime': {
      const instant = Date.parse(text);
      return (
        <time dateTime={text}>
          {Number.isNaN(instant) ? text : `${formatDate(instant, locale, 'dateTime')} UTC`}
        </time>
      );
    }
    case 'url':
      return /^https?:\/\//i.test(text) ? (
        <a href={text} rel="noopener nofollow" className="board-link break-all">
          {text.replace(/^https?:\/\//, '')}
        </a>
      ) : (
        <span>{text}</span>
      );
    case 'email':
      return (
        <a href={`mailto:${text}`} className="board-link">
          {text}
        </a>
      );
    case 'image':
      return /^https?:\/\//i.test(text) ? (
        // biome-ignore lint/performance/noImgElement: item images come from any https host
        <img src={text} alt="" loading="lazy" className="max-h-80 w-auto rounded-md" />
      ) : null;
    case 'asset': {
      const asset = links?.[text];
      if (!asset?.imageUrl)
        return asset?.href ? (
          <a href={asset.href} className="board-link">
            {asset.label}
          </a>
        ) : null;
      return (
        // biome-ignore lint/performance/noImgElement: hosted media on the board's CDN
        <img src={asset.imageUrl} alt={asset.label} loading="lazy" className="max-h-80 w-auto rounded-md" />
      );
    }
    case 'reference': {
      const target = links?.[text];
      if (!target) return null;
      return target.href ? (
        <a href={target.href} className="board-link">
          {target.label}
        </a>
      ) : (
        <span>{target.label}</span>
      );
    }
    default:
      return <span>{text}</span>;
  }
}
