/** The first stop of the Tab order: jumps past the navigation to the page's `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
    >
      Skip to content
    </a>
  );
}
