import { Badge } from '@/components/ui/badge';
import type { ItemOut, ItemStatus } from '@/lib/cms/schemas';

export const itemStatusLabels: Record<ItemStatus, string> = {
  draft: 'Draft',
  pending_review: 'Pending review',
  published: 'Published',
  expired: 'Expired',
  archived: 'Archived',
};

export const itemSourceLabels: Record<ItemOut['source'], string> = {
  api: 'API',
  dashboard: 'Dashboard',
  submission: 'Public form',
};

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  if (status === 'published') return <Badge variant="success">Published</Badge>;
  if (status === 'pending_review')
    return <Badge className="bg-amber-100 text-amber-800">Pending review</Badge>;
  return <Badge variant="muted">{itemStatusLabels[status]}</Badge>;
}
