'use client';

import { useEffect } from 'react';

/**
 * Closes the board's open disclosure menus (`<details>` matching `selector`) the way people expect
 * a menu to close: Escape (focus goes back to its toggle) or a click outside it. The menus work
 * without JavaScript; this only adds the dismissal `<details>` lacks.
 */
export function DisclosureDismiss({ selector }: { selector: string }) {
  useEffect(() => {
    const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>(`${selector}[open]`)];
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const menu of openMenus()) {
        menu.open = false;
        if (menu.contains(document.activeElement)) menu.querySelector('summary')?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [selector]);
  return null;
}
