'use client';

import { TextSelection, type Transaction } from '@tiptap/pm/state';
import { type Editor, useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code,
  Columns3,
  ImagePlus,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Minus,
  Quote,
  Rows3,
  SquareCode,
  SquarePlay,
  Strikethrough,
  Table,
  TableCellsMerge,
  TableCellsSplit,
  Trash2,
} from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { MediaPicker } from '@/components/media/media-picker';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import { Toolbar, ToolbarSeparator } from '@/components/ui/toolbar';

const headingLevels = [1, 2, 3, 4, 5, 6] as const;
const colors = [
  { label: 'Default', value: '' },
  { label: 'Gray', value: '#6b7280' },
  { label: 'Red', value: '#dc2626' },
  { label: 'Orange', value: '#ea580c' },
  { label: 'Green', value: '#16a34a' },
  { label: 'Blue', value: '#2563eb' },
  { label: 'Purple', value: '#9333ea' },
];

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection: a click on the toolbar must not blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4',
        active && 'bg-primary/10 text-primary',
      )}
    >
      {children}
    </button>
  );
}

/**
 * An inserted image or video stays selected, so the next insert or keystroke would replace it: put
 * the caret in the block after it (a new paragraph when it is the last one).
 */
const caretAfterBlock = ({ tr }: { tr: Transaction }) => {
  const end = tr.selection.to;
  if (!tr.doc.resolve(end).nodeAfter) tr.insert(end, tr.doc.type.schema.nodes.paragraph!.create());
  tr.setSelection(TextSelection.near(tr.doc.resolve(end + 1)));
  return true;
};

type UrlPrompt = { kind: 'link' | 'youtube'; value: string };

const promptCopy: Record<UrlPrompt['kind'], { label: string; placeholder: string; apply: string }> = {
  link: { label: 'Link address', placeholder: 'https://example.com or /jobs', apply: 'Set link' },
  youtube: {
    label: 'YouTube video address',
    placeholder: 'https://www.youtube.com/watch?v=…',
    apply: 'Embed video',
  },
};

/** One button or control per element the content allowlist accepts. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const [prompt, setPrompt] = useState<UrlPrompt | null>(null);
  const [picking, setPicking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: headingLevels.find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
      table: e.isActive('table'),
      canMerge: e.can().mergeCells(),
      canSplit: e.can().splitCell(),
      align: (['center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '',
    }),
  });
  // A control used from the keyboard keeps focus, so its new state is heard and the next control is
  // an arrow key away; a click sends focus back to the text, where the caret was.
  const fromKeyboard = useRef(false);
  // Controls that disable or remove themselves (Remove link, Insert table, Merge cells, …) pass true.
  const chain = (focusText = !fromKeyboard.current) => (focusText ? editor.chain().focus() : editor.chain());

  const applyPrompt = () => {
    if (!prompt) return;
    const value = prompt.value.trim();
    if (prompt.kind === 'link') {
      if (value) chain(true).extendMarkRange('link').setLink({ href: value }).run();
      else chain(true).extendMarkRange('link').unsetLink().run();
    } else if (value && prompt.kind === 'youtube')
      chain(true).setYoutubeVideo({ src: value }).command(caretAfterBlock).run();
    setPrompt(null);
  };

  return (
    <div
      className="sticky top-0 z-10 border-b border-border bg-white"
      onKeyDownCapture={() => {
        fromKeyboard.current = true;
      }}
      onPointerDownCapture={() => {
        fromKeyboard.current = false;
      }}
    >
      <Toolbar label="Formatting" className="flex flex-wrap items-center gap-0.5 px-2 py-1.5">
        <select
          aria-label="Text style"
          value={String(state.heading)}
          onChange={(event) => {
            const level = Number(event.target.value);
            if (level === 0) chain().setParagraph().run();
            else
              chain()
                .setHeading({ level: level as (typeof headingLevels)[number] })
                .run();
          }}
          className="h-8 rounded-md border border-border bg-white px-2 text-sm"
        >
          <option value="0">Paragraph</option>
          {headingLevels.map((level) => (
            <option key={level} value={level}>
              Heading {level}
            </option>
          ))}
        </select>
        <ToolbarSeparator />
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold />
        </ToolButton>
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic />
        </ToolButton>
        <ToolButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}>
          <Strikethrough />
        </ToolButton>
        <ToolButton label="Inline code" active={state.code} onClick={() => chain().toggleCode().run()}>
          <Code />
        </ToolButton>
        <select
          aria-label="Text color"
          value={state.color}
          onChange={(event) =>
            event.target.value ? chain().setColor(event.target.value).run() : chain().unsetColor().run()
          }
          className="h-8 rounded-md border border-border bg-white px-2 text-sm"
          style={state.color ? { color: state.color } : undefined}
        >
          {colors.map((color) => (
            <option
              key={color.label}
              value={color.value}
              style={color.value ? { color: color.value } : undefined}
            >
              {color.label}
            </option>
          ))}
        </select>
        <ToolbarSeparator />
        <ToolButton
          label="Bulleted list"
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          <List />
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <ListOrdered />
        </ToolButton>
        <ToolButton label="Quote" active={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote />
        </ToolButton>
        <ToolButton
          label="Code block"
          active={state.codeBlock}
          onClick={() => chain().toggleCodeBlock().run()}
        >
          <SquareCode />
        </ToolButton>
        <ToolButton label="Divider line" onClick={() => chain().setHorizontalRule().run()}>
          <Minus />
        </ToolButton>
        <ToolbarSeparator />
        <ToolButton
          label="Align left"
          active={state.align === 'left'}
          onClick={() => chain().unsetTextAlign().run()}
        >
          <AlignLeft />
        </ToolButton>
        <ToolButton
          label="Align center"
          active={state.align === 'center'}
          onClick={() => chain().setTextAlign('center').run()}
        >
          <AlignCenter />
        </ToolButton>
        <ToolButton
          label="Align right"
          active={state.align === 'right'}
          onClick={() => chain().setTextAlign('right').run()}
        >
          <AlignRight />
        </ToolButton>
        <ToolButton
          label="Justify"
          active={state.align === 'justify'}
          onClick={() => chain().setTextAlign('justify').run()}
        >
          <AlignJustify />
        </ToolButton>
        <ToolbarSeparator />
        <ToolButton
          label={state.link ? 'Edit link' : 'Add link'}
          active={state.link}
          onClick={() => setPrompt({ kind: 'link', value: state.linkHref })}
        >
          <Link2 />
        </ToolButton>
        <ToolButton
          label="Remove link"
          disabled={!state.link}
          onClick={() => chain(true).extendMarkRange('link').unsetLink().run()}
        >
          <Link2Off />
        </ToolButton>
        <ToolButton label="Image" onClick={() => setPicking(true)}>
          <ImagePlus />
        </ToolButton>
        <ToolButton label="YouTube video" onClick={() => setPrompt({ kind: 'youtube', value: '' })}>
          <SquarePlay />
        </ToolButton>
        <ToolButton
          label="Insert table"
          disabled={state.table}
          onClick={() => chain(true).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          <Table />
        </ToolButton>
      </Toolbar>
      {state.table ? (
        <Toolbar
          label="Table"
          className="flex flex-wrap items-center gap-1 border-t border-border bg-muted/50 px-2 py-1 text-xs"
        >
          <span className="mr-1 font-medium text-muted-foreground">Table</span>
          <TableAction label="Add row" icon={<Rows3 />} onClick={() => chain().addRowAfter().run()} />
          <TableAction label="Delete row" icon={<Rows3 />} onClick={() => chain().deleteRow().run()} />
          <TableAction
            label="Add column"
            icon={<Columns3 />}
            onClick={() => chain().addColumnAfter().run()}
          />
          <TableAction
            label="Delete column"
            icon={<Columns3 />}
            onClick={() => chain().deleteColumn().run()}
          />
          <TableAction
            label="Merge cells"
            icon={<TableCellsMerge />}
            disabled={!state.canMerge}
            onClick={() => chain(true).mergeCells().run()}
          />
          <TableAction
            label="Split cell"
            icon={<TableCellsSplit />}
            disabled={!state.canSplit}
            onClick={() => chain(true).splitCell().run()}
          />
          <TableAction
            label="Delete table"
            icon={<Trash2 />}
            onClick={() => chain(true).deleteTable().run()}
          />
        </Toolbar>
      ) : null}
      <MediaPicker
        open={picking}
        onOpenChange={setPicking}
        title="Insert an image"
        addressLabel="Image address"
        onSelect={(src) => chain(true).setImage({ src }).command(caretAfterBlock).run()}
      />
      {prompt ? (
        <form
          className="flex items-center gap-2 border-t border-border bg-muted/50 px-2 py-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            applyPrompt();
          }}
        >
          <Input
            autoFocus
            aria-label={promptCopy[prompt.kind].label}
            placeholder={promptCopy[prompt.kind].placeholder}
            value={prompt.value}
            onChange={(event) => setPrompt({ ...prompt, value: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setPrompt(null);
            }}
            className="h-8 flex-1"
          />
          <Button type="submit" size="sm">
            {prompt.kind === 'link' && !prompt.value.trim() ? 'Remove link' : promptCopy[prompt.kind].apply}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setPrompt(null)}>
            Cancel
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function TableAction({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex items-center gap-1 rounded px-2 py-1 text-foreground hover:bg-white disabled:opacity-40 [&_svg]:size-3.5"
    >
      {icon}
      {label}
    </button>
  );
}
