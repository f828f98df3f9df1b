'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { FormState } from '@/lib/forms';
import { setCategoryParentAction } from './actions';

export function CategoryParentForm({
  name,
  parentId,
  mainCategories,
}: {
  name: string;
  parentId: string | null;
  /** Candidate parents: the main categories other than this one. */
  mainCategories: { id: string; name: string }[];
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(setCategoryParentAction, {});
  return (
    <form key={state.submission ?? 0} action={action} className="grid justify-items-end gap-1">
      <input type="hidden" name="name" value={name} />
      <div className="flex items-center gap-2">
        <Select
          name="parent"
          aria-label={`Parent of ${name}`}
          defaultValue={state.error ? (state.values?.parent ?? '') : (parentId ?? '')}
          className="h-8 w-52"
        >
          <option value="">None (main category)</option>
          {mainCategories.map((category) => (
            <option key={category.id} value={category.id}>
              Under {category.name}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          {pending ? 'Moving…' : 'Move'}
        </Button>
      </div>
      {state.error ? (
        <p role="alert" className="max-w-80 text-right text-xs text-destructive">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
