import { notFound } from 'next/navigation';

// Any address under a board that no route of it has (/pricing/x, /jobs/{slug}/x, /feed.xml/x):
// the board's own 404, with its header and footer, rather than the app's.

export async function generateMetadata(): Promise<never> {
  notFound();
}

export default function NoSuchBoardAddress(): never {
  notFound();
}
