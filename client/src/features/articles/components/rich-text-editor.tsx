import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useToast } from '#client/components/ui/toast';
import { uploadFile } from '../api/upload-file';
import { errorText } from '#client/lib/error-text';
import { articleMessages } from '../lib/messages';
import { Icon, type IconName } from '#client/components/ui/icon';
import { ProgressBar } from '#client/components/ui/progress-bar';
import { RICH_TEXT_CLASS } from './rich-text';

export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** http(s) and mailto only; a bare domain gets https://. Anything else (javascript:, data:) is refused. */
export function normaliseLink(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

interface ToolButton {
  label: string;
  text: string;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  enabled?: (e: Editor) => boolean;
  className?: string;
}

const TOOLS: ToolButton[][] = [
  [
    {
      label: 'Heading 2',
      text: 'H2',
      active: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      text: 'H3',
      active: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    {
      label: 'Bold',
      text: 'B',
      className: 'font-bold',
      active: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: 'Italic',
      text: 'I',
      className: 'italic font-serif',
      active: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
  ],
  [
    {
      label: 'Bulleted list',
      text: '• List',
      active: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      text: '1. List',
      active: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    { label: 'Quote', text: '“ Quote', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  ],
];

const HISTORY: ToolButton[] = [
  { label: 'Undo', text: '↶ Undo', run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo() },
  { label: 'Redo', text: '↷ Redo', run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo() },
];

const buttonClass =
  'rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-200 aria-pressed:bg-slate-800 aria-pressed:text-white disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * The article text editor (TipTap): headings, bold, italic, links, lists, quotes and uploaded images,
 * producing the HTML stored in `content`. The toolbar is one tab stop; arrow keys, Home and End move
 * inside it (WAI-ARIA toolbar pattern). Ctrl+B, Ctrl+I, Ctrl+Z and the other TipTap shortcuts work.
 */
export default function RichTextEditor({
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
  disabled,
  placeholder = 'Write the article…',
}: RichTextEditorProps) {
  const toast = useToast();
  const editorId = useId();
  const linkInputId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      Image.configure({ inline: false }),
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        // The site-wide focus ring is drawn inside the box, where the wrapper's rounded clip cannot cut it.
        style: 'outline-offset: -3px',
        class: `min-h-56 px-4 py-3 ${RICH_TEXT_CLASS} [&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-slate-400 [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            active: TOOLS.flat().map((t) => t.active?.(e) ?? false),
            history: HISTORY.map((t) => t.enabled?.(e) ?? true),
            link: e.isActive('link'),
          }
        : null,
  });

  const openLink = () => {
    if (!editor) return;
    setLinkValue((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError(null);
    setLinkOpen(true);
  };
  const applyLink = () => {
    if (!editor) return;
    const href = normaliseLink(linkValue);
    if (!href) {
      setLinkError('Enter a web address (https://…) or a mailto: link.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: linkValue.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setLinkOpen(false);
  };
  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  const insertImage = async (file: File) => {
    if (!editor) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Choose an image file (JPEG, PNG, WebP, GIF or AVIF).');
      return;
    }
    setUploading({ name: file.name, progress: 0 });
    try {
      const result = await uploadFile(file, (progress) => setUploading({ name: file.name, progress }));
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
      editor.chain().focus().setImage({ src: result.path, alt }).run();
    } catch (error) {
      toast.error(errorText(error, articleMessages.imageUploadFailed));
    } finally {
      setUploading(null);
    }
  };

  type Item = {
    key: string;
    label: string;
    text: string;
    icon?: IconName;
    pressed?: boolean;
    enabled: boolean;
    className?: string;
    onClick(): void;
  };
  const groups: Item[][] = editor
    ? [
        ...TOOLS.map((group, g) =>
          group.map((t, i) => {
            const index = TOOLS.slice(0, g).reduce((n, gr) => n + gr.length, 0) + i;
            return {
              key: t.label,
              label: t.label,
              text: t.text,
              className: t.className,
              pressed: state?.active[index] ?? false,
              enabled: !disabled,
              onClick: () => t.run(editor),
            };
          }),
        ),
        [
          { key: 'link', label: 'Link', text: 'Link', icon: 'link', pressed: state?.link ?? false, enabled: !disabled, onClick: openLink },
          {
            key: 'image',
            label: 'Insert image',
            text: 'Image',
            icon: 'image',
            enabled: !disabled && !uploading,
            onClick: () => fileInput.current?.click(),
          },
        ],
        HISTORY.map((t, i) => ({
          key: t.label,
          label: t.label,
          text: t.text,
          enabled: !disabled && (state?.history[i] ?? false),
          onClick: () => t.run(editor),
        })),
      ]
    : [];
  const items = groups.flat();
  const current = Math.min(focusIndex, Math.max(0, items.length - 1));

  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + items.length) % items.length;
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div
      className={`overflow-hidden rounded-md border bg-white ${invalid ? 'border-red-400' : 'border-slate-300'} focus-within:ring-2 focus-within:ring-slate-300`}
    >
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editorId}
        onKeyDown={onToolbarKey}
        className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
      >
        {groups.map((group, g) => (
          <div key={g} className="flex items-center gap-0.5 border-r border-slate-200 pr-1 last:border-r-0">
            {group.map((item) => {
              const index = items.indexOf(item);
              return (
                <button
                  key={item.key}
                  type="button"
                  aria-label={item.label}
                  title={item.label}
                  aria-pressed={item.pressed === undefined ? undefined : item.pressed}
                  disabled={!item.enabled}
                  tabIndex={index === current ? 0 : -1}
                  onFocus={() => setFocusIndex(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={item.onClick}
                  className={`${buttonClass} ${item.className ?? ''}`}
                >
                  {item.icon && <Icon name={item.icon} className="mr-1 inline h-4 w-4 align-[-3px]" />}
                  {item.text}
                </button>
              );
            })}
          </div>
        ))}
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      {linkOpen && (
        <div className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
          <label htmlFor={linkInputId} className="sr-only">
            Link URL
          </label>
          <input
            id={linkInputId}
            type="url"
            autoFocus
            placeholder="https://example.com"
            value={linkValue}
            onChange={(e) => setLinkValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                e.nativeEvent.stopImmediatePropagation();
                setLinkOpen(false);
                editor?.commands.focus();
              }
            }}
            aria-invalid={!!linkError}
            className="min-w-48 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="button" onClick={applyLink} className="rounded bg-slate-900 px-2.5 py-1 text-sm text-white">
            Apply link
          </button>
          {state?.link && (
            <button type="button" onClick={removeLink} className="rounded border border-slate-300 px-2.5 py-1 text-sm">
              Remove link
            </button>
          )}
          <button type="button" onClick={() => setLinkOpen(false)} className="rounded px-2.5 py-1 text-sm text-slate-600">
            Cancel
          </button>
          {linkError && <p className="w-full text-sm text-red-600">{linkError}</p>}
        </div>
      )}
      {uploading && (
        <div className="border-b border-slate-200 px-3 py-2">
          <ProgressBar value={uploading.progress} label={`Uploading ${uploading.name}`} />
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
