'use client';

import { type RefObject, useEffect } from 'react';

/**
 * Moves focus to `target` whenever an action answers (each answer is a new object): the submit
 * button is disabled while the action runs, which drops focus to the page's body, and the answer
 * (an error beside its field, a confirmation) is where the visitor should land.
 */
export function useFocusOnAnswer(answer: unknown, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (answer) target.current?.focus();
  }, [answer, target]);
}
