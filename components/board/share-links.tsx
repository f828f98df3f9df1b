import { Mail, Share2 } from 'lucide-react';
import { CopyLinkButton } from './copy-link-button';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-md border border-border px-2.5 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** Ways to pass a page on: copy its address, LinkedIn, X and e-mail (plain links, no trackers). */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const encoded = encodeURIComponent(url);
  const links = [
    {
      label: 'LinkedIn',
      name: 'Share on LinkedIn (opens a new tab)',
      icon: Share2,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    },
    {
      label: 'X',
      name: 'Share on X (opens a new tab)',
      icon: Share2,
      href: `https://x.com/intent/post?url=${encoded}&text=${encodeURIComponent(title)}`,
    },
    {
      label: 'E-mail',
      name: 'Send by e-mail',
      icon: Mail,
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`,
    },
  ];
  return (
    <ul className="flex flex-wrap gap-2">
      <li>
        <CopyLinkButton url={url} className={linkClass} />
      </li>
      {links.map(({ label, name, icon: Icon, href }) => (
        <li key={label}>
          <a
            href={href}
            className={linkClass}
            rel="noopener nofollow"
            {...(href.startsWith('mailto:') ? {} : { target: '_blank' })}
            aria-label={name}
          >
            <Icon aria-hidden className="size-4" /> {label}
          </a>
        </li>
      ))}
    </ul>
  );
}
