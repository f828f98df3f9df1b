import type { Metadata } from 'next';
import { CheckoutNotFound, notFoundTitles } from '../../not-found-content';

export const metadata: Metadata = { title: notFoundTitles.checkout };

/** A checkout that cannot be paid, with a 404: what happened, that nothing was charged, where to go. */
export default function CheckoutClosed() {
  return <CheckoutNotFound />;
}
