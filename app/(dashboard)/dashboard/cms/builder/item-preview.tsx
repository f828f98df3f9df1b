'use client';

import { useMemo, useState } from 'react';
import { ItemFields } from '@/components/cms/item-fields';
import type { ItemValues } from '@/components/cms/item-values';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type SchemaField, schemaFieldSchema } from '@/lib/cms/fields';
import { type Draft, fieldBody } from './draft';

/** The draft's fields that are complete enough to render, first of each name only. */
function previewSchema(draft: Draft): { schema: SchemaField[]; hidden: number } {
  const schema: SchemaField[] = [];
  const names = new Set<string>();
  for (const field of draft.fields) {
    const parsed = schemaFieldSchema.safeParse(fieldBody(field, draft.slug));
    if (!parsed.success || names.has(parsed.data.name)) continue;
    names.add(parsed.data.name);
    schema.push(parsed.data);
  }
  return { schema, hidden: draft.fields.length - schema.length };
}

/** The item form as it will look with the current draft; typing in it saves nothing. */
export function ItemPreview({ draft }: { draft: Draft }) {
  const { schema, hidden } = useMemo(() => previewSchema(draft), [draft]);
  const [values, setValues] = useState<ItemValues>({});
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preview</CardTitle>
        <CardDescription>
          The item form with these fields. Try it: nothing you type here is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4" data-testid="item-preview">
        {schema.length > 0 ? (
          <ItemFields schema={schema} values={values} onChange={setValues} idPrefix="preview" />
        ) : (
          <p className="rounded-md border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            Add a field to see the form.
          </p>
        )}
        {hidden > 0 ? (
          <p className="text-xs text-muted-foreground">
            {hidden === 1 ? '1 field is' : `${hidden} fields are`} left out until{' '}
            {hidden === 1 ? 'it is' : 'they are'} complete.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
