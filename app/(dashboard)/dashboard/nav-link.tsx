'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export function NavLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const active = href === '/dashboard' ? pathname === href : pathname.startsWith(href);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      // On a phone the menu folds away again once a page is chosen (the layout, and the menu, stay).
      onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
      className={cn(
        'flex items-center gap-2 rounded-md px-3 py-2 text-sm [&_svg]:size-4',
        active
          ? 'bg-primary/10 font-medium text-primary'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {icon}
      {children}
    </Link>
  );
}
