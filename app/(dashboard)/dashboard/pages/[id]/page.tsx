import type { Metadata } from 'next';
import { EditContentPage, editContentMetadata } from '../editor-routes';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return editContentMetadata((await params).id, 'page');
}

export default async function EditPagePage({ params }: { params: Promise<{ id: string }> }) {
  return <EditContentPage kind="page" id={(await params).id} />;
}
