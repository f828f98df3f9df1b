import { boardProseClass } from '@/components/editor/board-prose';
import { withDescribedImages } from '@/lib/board/content-images';
import type { Db } from '@/lib/core/transaction';

/** Sanitized content HTML (a job description, a page, a post) as a board shows it, images described. */
export async function BoardProse({ db, orgId, html }: { db: Db; orgId: number; html: string }) {
  const described = await withDescribedImages(db, orgId, html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized when saved (lib/content); only alt attributes are added
  return <div className={boardProseClass} dangerouslySetInnerHTML={{ __html: described }} />;
}
