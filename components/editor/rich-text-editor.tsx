'use client';

import { type Editor, EditorContent, type JSONContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { contentExtensions } from '@/lib/content/extensions';
import { boardProseClass } from './board-prose';
import { EditorToolbar } from './editor-toolbar';

/** The editing area's accessible name: a label of its own, or the id of an element that names it. */
type EditorName = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

export type RichTextEditorProps = EditorName & {
  /** The editing area's id, for a `<label htmlFor>` and for `aria-describedby` references. */
  id?: string;
  /** The document on load: Tiptap JSON, or HTML/plain text Tiptap reads. Later changes are not applied. */
  value: JSONContent | string | null;
  /** Every change, as plain Tiptap JSON. */
  onChange?: (value: JSONContent) => void;
  /** The editor once it exists in the browser, for callers that read it directly (save, dirty checks). */
  onReady?: (editor: Editor) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Announced as required (`aria-required`): a contenteditable has no `required`. */
  required?: boolean;
  describedBy?: string;
  /**
   * `field`: a bordered form control (the CMS rich-text field); `document`: fills its container, with
   * room for long text (the page and blog editor).
   */
  variant?: 'field' | 'document';
  /** `data-testid` of the editing area. */
  testId?: string;
  className?: string;
};

const areaClass = {
  field: 'min-h-40 px-4 py-2 focus:outline-none',
  // The document fills a card that clips anything outside it: its focus ring is drawn inside.
  document: 'min-h-80 px-6 py-4 focus:outline-2 focus:-outline-offset-4 focus:outline-primary',
};

const frameClass = {
  field:
    'overflow-hidden rounded-md border border-border bg-white shadow-sm has-[[contenteditable]:focus]:outline-2 has-[[contenteditable]:focus]:outline-offset-2 has-[[contenteditable]:focus]:outline-primary',
  document: '',
};

/**
 * The one Tiptap editor of the dashboard: the content extensions the server pipeline also uses, the
 * formatting toolbar (images from the media library, links, tables, YouTube, …) and the board's
 * typography, so what an owner writes looks like what the board shows.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  onReady,
  disabled,
  invalid,
  required = false,
  describedBy,
  label,
  labelledBy,
  variant = 'field',
  testId,
  className,
}: RichTextEditorProps) {
  // The editor is created once: its handlers read the newest callbacks through refs.
  const changed = useRef(onChange);
  changed.current = onChange;
  const ready = useRef(onReady);
  ready.current = onReady;
  const editor = useEditor({
    extensions: contentExtensions({ editable: true }),
    content: value ?? '',
    editable: !disabled,
    // The dashboard renders on the server first; the editor exists in the browser only.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label ?? '' }),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        class: cn(boardProseClass, areaClass[variant]),
      },
    },
    // ProseMirror keeps attributes in prototype-less objects: hand out a plain copy that forms and
    // server actions can pass on.
    onUpdate: ({ editor: current }) =>
      changed.current?.(JSON.parse(JSON.stringify(current.getJSON())) as JSONContent),
  });

  useEffect(() => {
    if (editor) ready.current?.(editor);
  }, [editor]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div
      className={cn(
        frameClass[variant],
        invalid && variant === 'field' && 'border-destructive',
        disabled && 'opacity-60',
        className,
      )}
    >
      {editor && !disabled ? <EditorToolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
