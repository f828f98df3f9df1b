import type { Metadata } from 'next';
import { EditContentPage } from '../../pages/editor-routes';

export const metadata: Metadata = { title: 'Edit post · Boardkit' };

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  return <EditContentPage kind="blog_post" id={(await params).id} />;
}
