import type { Metadata } from 'next';
import { EditContentPage } from '../editor-routes';

export const metadata: Metadata = { title: 'Edit page · Boardkit' };

export default async function EditPagePage({ params }: { params: Promise<{ id: string }> }) {
  return <EditContentPage kind="page" id={(await params).id} />;
}
