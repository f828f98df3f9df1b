'use client';

import { Field, TextField } from '@/components/ui/field';
import { InlineAddForm } from '@/components/ui/inline-add-form';
import { Select } from '@/components/ui/select';
import { addCategoryAction } from './actions';

export function AddCategoryForm({ mainCategories }: { mainCategories: { id: string; name: string }[] }) {
  return (
    <InlineAddForm action={addCategoryAction} submitLabel="Add category">
      {(values, errors) => (
        <>
          <TextField
            name="name"
            id="category-name"
            required
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
        </>
      )}
    </InlineAddForm>
  );
}
