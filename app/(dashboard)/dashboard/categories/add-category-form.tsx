'use client';

import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { addCategoryAction, type CategoryFormState } from './actions';

export function AddCategoryForm({ mainCategories }: { mainCategories: { id: string; name: string }[] }) {
  const [state, action, pending] = useActionState<CategoryFormState, FormData>(addCategoryAction, {});
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  return (
    <form key={state.submission ?? 0} action={action} className="grid gap-3" noValidate>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <TextField
          name="name"
          id="category-name"
          label="Name"
          placeholder="Engineering"
          defaultValue={values.name}
          error={errors.name}
        />
        <Field id="category-parent" label="Nested under" error={errors.parent}>
          <Select
            id="category-parent"
            name="parent"
            defaultValue={values.parent ?? ''}
            aria-invalid={!!errors.parent}
          >
            <option value="">None (main category)</option>
            {mainCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={pending} className="sm:mt-5">
          {pending ? 'Adding…' : 'Add category'}
        </Button>
      </div>
      {state.error ? <Alert>{state.error}</Alert> : null}
      {state.success ? <Alert variant="success">{state.success}</Alert> : null}
    </form>
  );
}
