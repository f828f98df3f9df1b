import type { Metadata } from 'next';
import { ContentList, type SearchParams } from './content-list';

export const metadata: Metadata = { title: 'Pages · Boardkit' };

export default async function PagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <ContentList kind="page" searchParams={await searchParams} />;
}
