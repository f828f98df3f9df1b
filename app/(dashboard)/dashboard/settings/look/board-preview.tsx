import { Search } from 'lucide-react';
import { explainAccent } from '@/lib/organizations/look';

/** Rows to show how listings wear the look; the board shows its own jobs. */
const sampleJobs = [
  { title: 'Senior product designer', company: 'Northwind', place: 'Remote · Full-time' },
  { title: 'Backend engineer (Go)', company: 'Contoso', place: 'Berlin · Full-time' },
  { title: 'Customer success lead', company: 'Fabrikam', place: 'Lisbon · Part-time' },
];

export interface PreviewLook {
  name: string;
  logoUrl: string;
  accentColor: string;
  tagline: string;
  navLinks: string[];
}

/**
 * The board's home page in small: header, tagline, search and a few job rows, drawn from the form's
 * current values. A picture only (hidden from assistive tech, nothing to focus), described by its caption.
 */
export function BoardPreview({ look }: { look: PreviewLook }) {
  const { accent } = explainAccent(look.accentColor);
  const links = ['Jobs', 'Blog', ...look.navLinks].slice(0, 5);
  return (
    <figure className="grid gap-2" data-testid="board-preview" data-accent={accent}>
      <figcaption className="text-sm font-medium">
        Preview of your board’s home page{' '}
        <span className="font-normal text-muted-foreground">(updates as you type)</span>
      </figcaption>
      <div
        aria-hidden="true"
        className="pointer-events-none overflow-hidden rounded-lg border border-border bg-white text-[11px] leading-snug shadow-sm select-none"
      >
        <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
          {look.logoUrl ? (
            // biome-ignore lint/performance/noImgElement: any http(s) host may serve the logo
            <img src={look.logoUrl} alt="" className="h-6 w-auto max-w-24 object-contain" />
          ) : (
            <span className="truncate text-sm font-bold">{look.name}</span>
          )}
          <span className="flex min-w-0 gap-2 overflow-hidden font-medium text-zinc-700">
            {links.map((label, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the list is static
              <span key={index} className="truncate">
                {label}
              </span>
            ))}
          </span>
        </div>
        <div className="grid gap-2 px-3 py-3">
          <p className="text-base font-bold tracking-tight">{look.name}</p>
          <p className="text-zinc-700">{look.tagline || `The latest jobs at ${look.name}`}</p>
          <div className="flex gap-1.5">
            <span className="flex h-7 min-w-0 flex-1 items-center gap-1.5 rounded-md border border-zinc-400 px-2 text-zinc-600">
              <Search className="size-3 shrink-0" /> <span className="truncate">Job title or keyword</span>
            </span>
            <span
              className="inline-flex h-7 items-center rounded-md px-3 font-semibold text-white"
              style={{ backgroundColor: accent }}
            >
              Search
            </span>
          </div>
          <ul className="grid gap-1.5">
            {sampleJobs.map((job) => (
              <li key={job.title} className="rounded-md border border-border px-2.5 py-2">
                <p className="font-semibold" style={{ color: accent }}>
                  {job.title}
                </p>
                <p className="text-zinc-700">
                  {job.company} · {job.place}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </figure>
  );
}
