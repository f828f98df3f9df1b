import type { Metadata } from 'next';
import { NewContentPage } from '../../pages/editor-routes';

export const metadata: Metadata = { title: 'New post · Boardkit' };

export default function NewPostPage() {
  return <NewContentPage kind="blog_post" />;
}
