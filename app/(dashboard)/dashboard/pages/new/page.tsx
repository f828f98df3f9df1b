import type { Metadata } from 'next';
import { NewContentPage } from '../editor-routes';

export const metadata: Metadata = { title: 'New page · Boardkit' };

export default function NewPagePage() {
  return <NewContentPage kind="page" />;
}
