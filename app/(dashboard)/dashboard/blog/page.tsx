import type { Metadata } from 'next';
import { ContentList, type SearchParams } from '../pages/content-list';

export const metadata: Metadata = { title: 'Blog · Boardkit' };

export default async function BlogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <ContentList kind="blog_post" searchParams={await searchParams} />;
}
