'use client';

import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { RequiredMark } from '@/components/ui/field';

/**
 * The job description in the dashboard's one rich-text editor. The form posts HTML (sanitized on
 * save, like page content); a description left untouched posts as it was, so a plain-text one
 * stays plain text.
 */
export function DescriptionField({
  description,
  html,
  error,
}: {
  description: string;
  html: string;
  error?: string;
}) {
  const [value, setValue] = useState(description);
  const editor = useRef<Editor | null>(null);
  return (
    <div className="grid gap-1.5">
      <span className="flex items-baseline text-sm font-medium">
        <span id="description-label">Description</span>
        <RequiredMark />
      </span>
      <RichTextEditor
        id="description"
        labelledBy="description-label"
        value={html}
        onReady={(ready) => {
          editor.current = ready;
        }}
        onChange={() => setValue(editor.current?.isEmpty ? '' : (editor.current?.getHTML() ?? ''))}
        invalid={!!error}
        required
        describedBy={error ? 'description-error' : undefined}
        testId="description-editor"
      />
      <input type="hidden" name="description" value={value} />
      {error ? (
        <p id="description-error" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
