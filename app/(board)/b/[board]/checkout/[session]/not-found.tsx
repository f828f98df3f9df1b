import { CheckoutNotFound, notFoundTitles } from '../../not-found-content';

/** A checkout that cannot be paid, with a 404: what happened, that nothing was charged, where to go. */
export default function CheckoutClosed() {
  return (
    <>
      {/* Segment not-found files take no metadata; React hoists this into the head. */}
      <title>{notFoundTitles.checkout}</title>
      <CheckoutNotFound />
    </>
  );
}
