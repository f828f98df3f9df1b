// One item of a collection: edit its fields, status and schedule, or delete it.
import type { Metadata } from 'next';
import { ItemPage } from '../item-page';

export const metadata: Metadata = { title: 'Item · Boardkit' };

export default async function EditItemPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  return <ItemPage slug={slug} id={id} />;
}
