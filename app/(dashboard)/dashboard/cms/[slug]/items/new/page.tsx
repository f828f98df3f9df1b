// A new item of a collection, through the form generated from its schema.
import type { Metadata } from 'next';
import { ItemPage } from '../item-page';

export const metadata: Metadata = { title: 'New item · Boardkit' };

export default async function NewItemPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <ItemPage slug={slug} id={null} />;
}
