'use client';

import { EditorContent, type JSONContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { boardProseClass } from '@/app/(dashboard)/dashboard/pages/board-prose';
import { EditorToolbar } from '@/app/(dashboard)/dashboard/pages/editor-toolbar';
import { cn } from '@/components/ui/cn';
import { contentExtensions } from '@/lib/content/extensions';

/**
 * The page editor's document editing (same extensions, toolbar and typography) as a form control.
 * `value` is Tiptap JSON, or HTML/plain text Tiptap reads on load; `onChange` receives Tiptap JSON.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  label,
  className,
}: {
  id: string;
  value: JSONContent | string | null;
  onChange: (value: JSONContent) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The accessible name of the editing area. */
  label: string;
  className?: string;
}) {
  // The editor is created once: its update handler reads the newest `onChange` through a ref.
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: contentExtensions({ editable: true }),
    content: value ?? '',
    editable: !disabled,
    // The dashboard renders on the server first; the editor exists in the browser only.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: cn(boardProseClass, 'min-h-40 px-4 py-2 focus:outline-none'),
      },
    },
    // ProseMirror keeps attributes in prototype-less objects: hand out a plain copy that forms and
    // server actions can pass on.
    onUpdate: ({ editor: current }) =>
      changed.current(JSON.parse(JSON.stringify(current.getJSON())) as JSONContent),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div
      className={cn(
        'overflow-hidden rounded-md border border-border bg-white shadow-sm focus-within:ring-2 focus-within:ring-primary/40',
        invalid && 'border-destructive',
        disabled && 'opacity-60',
        className,
      )}
    >
      {editor && !disabled ? <EditorToolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
