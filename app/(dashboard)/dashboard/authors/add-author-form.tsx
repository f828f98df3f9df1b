'use client';

import { TextField } from '@/components/ui/field';
import { InlineAddForm } from '@/components/ui/inline-add-form';
import { createAuthorAction } from './actions';

export function AddAuthorForm() {
  return (
    <InlineAddForm action={createAuthorAction} submitLabel="Add author">
      {(values, errors) => (
        <>
          <TextField
            name="name"
            id="author-name"
            required
            label="Name"
            placeholder="Ada Lovelace"
            defaultValue={values.name}
            error={errors.name}
          />
          <TextField
            name="avatar_url"
            id="author-avatar"
            label="Avatar URL (optional)"
            type="url"
            placeholder="https://…/ada.jpg"
            defaultValue={values.avatar_url}
            error={errors.avatar_url}
          />
        </>
      )}
    </InlineAddForm>
  );
}
