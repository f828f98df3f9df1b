import type { CompanyRef } from '@/lib/companies/schemas';

const sizes = {
  sm: 'size-10 text-base',
  lg: 'size-14 text-xl',
} as const;

/**
 * A company's logo, or its initial on a tinted square when it has none, so that cards line up.
 * Decorative (empty alt): the company's name is always written beside it.
 */
export function CompanyLogo({
  name,
  company,
  size = 'sm',
}: {
  name: string;
  company: Pick<CompanyRef, 'logo_url'> | null;
  size?: keyof typeof sizes;
}) {
  const box = `${sizes[size]} shrink-0 overflow-hidden rounded-md border border-border bg-white`;
  if (company?.logo_url) {
    return (
      // biome-ignore lint/performance/noImgElement: logos come from the media library or any https host
      <img
        src={company.logo_url}
        alt=""
        loading="lazy"
        decoding="async"
        className={`${box} object-contain p-1`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`${box} flex items-center justify-center bg-muted font-semibold text-zinc-700`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
