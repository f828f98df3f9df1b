// The one Tiptap extension list shared by the server pipeline and the browser editor, so both agree on the schema.
import { type Extensions, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import Youtube from '@tiptap/extension-youtube';
import StarterKit from '@tiptap/starter-kit';

/** Block types that carry `textAlign`; the spec allows alignment on blocks only. */
export const ALIGNABLE_TYPES = ['heading', 'paragraph'] as const;

/**
 * Generic embed. Always rendered sandboxed with no flags and lazy-loaded; the sanitizer grants
 * `allow-scripts allow-same-origin allow-popups` only to hosts on the board's allow-list.
 */
export const Iframe = Node.create({
  name: 'iframe',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      src: { default: null },
      width: { default: null },
      height: { default: null },
    };
  },

  parseHTML() {
    // Below YouTube's `div[data-youtube-video] iframe` rule (priority 50) so YouTube embeds win.
    return [{ tag: 'iframe[src]', priority: 40 }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, { sandbox: '', loading: 'lazy' })];
  },
});

export interface ContentExtensionOptions {
  /** The browser editor opens links on click only outside editing; the server never does. */
  editable?: boolean;
}

export function contentExtensions(options: ContentExtensionOptions = {}): Extensions {
  return [
    StarterKit.configure({
      // Link is added below with our own options; underline is not in the spec's allowlist.
      link: false,
      underline: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
    }),
    Link.configure({
      openOnClick: false,
      autolink: options.editable ?? false,
      linkOnPaste: options.editable ?? false,
      // No target/rel/class: the allowlist is `a` with `href` only.
      HTMLAttributes: { target: null, rel: null, class: null },
    }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    TextAlign.configure({
      types: [...ALIGNABLE_TYPES],
      alignments: ['left', 'center', 'right', 'justify'],
    }),
    TextStyle,
    Color,
    Image.configure({ inline: false, allowBase64: false }),
    Youtube.configure({ nocookie: true, controls: true, HTMLAttributes: {} }),
    Iframe,
  ];
}
