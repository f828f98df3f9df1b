import { Badge } from '@/components/ui/badge';
import type { PageKind, PageStatus } from '@/lib/pages/schemas';

export const pageStatusLabels: Record<PageStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** Words and addresses that differ between custom pages and blog posts. */
export const kindCopy: Record<
  PageKind,
  { title: string; one: string; many: string; listPath: string; newLabel: string }
> = {
  page: { title: 'Pages', one: 'page', many: 'pages', listPath: '/dashboard/pages', newLabel: 'New page' },
  blog_post: { title: 'Blog', one: 'post', many: 'posts', listPath: '/dashboard/blog', newLabel: 'New post' },
};

export function PageStatusBadge({ status }: { status: PageStatus }) {
  if (status === 'published') return <Badge variant="success">Published</Badge>;
  if (status === 'draft') return <Badge className="bg-amber-100 text-amber-800">Draft</Badge>;
  return <Badge variant="muted">Archived</Badge>;
}
