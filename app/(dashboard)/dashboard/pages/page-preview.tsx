import { boardProseClass } from '@/components/editor/board-prose';
import type { PageOut } from '@/lib/pages/schemas';

/** The last saved `content_html`, in the same typography the board uses. */
export function Preview({ page, dirty }: { page?: PageOut; dirty: boolean }) {
  if (!page)
    return (
      <p className="px-6 py-12 text-center text-sm text-muted-foreground">Save once to see the preview.</p>
    );
  return (
    <div data-testid="preview">
      {dirty ? (
        <p className="border-b border-border bg-amber-50 px-6 py-2 text-xs text-amber-900">
          Showing the last saved version; recent edits appear once they are saved.
        </p>
      ) : null}
      <article className="px-6 py-6">
        <h1 className="mb-4 text-3xl font-bold tracking-tight">{page.title}</h1>
        {page.cover_image ? (
          // biome-ignore lint/performance/noImgElement: any http(s) host may serve the cover, as on the board
          <img src={page.cover_image} alt="" className="mb-6 w-full rounded-md object-cover" />
        ) : null}
        {/* Sanitized by the content pipeline on save: the same HTML the board renders. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side, see above */}
        <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: page.content_html }} />
      </article>
    </div>
  );
}
