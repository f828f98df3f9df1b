import type { Metadata } from 'next';
import { EditContentPage, editContentMetadata } from '../../pages/editor-routes';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return editContentMetadata((await params).id, 'blog_post');
}

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  return <EditContentPage kind="blog_post" id={(await params).id} />;
}
