import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isStaffHtmlLink, isStorageImage } from '@portal/contract';
import { ApiError } from '../lib/api';
import { Button } from './button';
import { controlBorder, FieldErrorText } from './field';
import { FilePicker } from './file-picker';

/**
 * The console's rich text editor (TipTap): staff write HTML that the server sanitises when it stores it
 * (apps/api/src/lib/sanitize.ts) and the portal renders through SafeHtml. Only what the server keeps is
 * offered: bold, italic, headings 2 and 3, bullet and numbered lists, links and (with `onUploadImage`)
 * images. Import it lazily (`LazyRichTextEditor` in console-fields.tsx): TipTap belongs to the console only.
 *
 * Keyboard: the toolbar is one tab stop (arrow keys, Home and End move between its buttons, as the
 * WAI-ARIA toolbar pattern says); Tab moves on to the text, where the usual shortcuts work too
 * (Ctrl+B, Ctrl+I, Ctrl+Shift+7/8 for lists).
 */
export type RichTextEditorProps = {
  id: string;
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Stores an image and answers its address; without it the editor offers no images. */
  onUploadImage?: (file: File) => Promise<string>;
};

export const richTextTexts = {
  toolbar: (label: string) => `Opmaak voor ${label}`,
  bold: 'Vet',
  italic: 'Cursief',
  h2: 'Kop 2',
  h3: 'Kop 3',
  bulletList: 'Opsomming',
  orderedList: 'Genummerde lijst',
  link: 'Link',
  image: 'Afbeelding',
  undo: 'Ongedaan maken',
  redo: 'Opnieuw',
  linkUrl: 'Linkadres',
  linkHint: 'Bijvoorbeeld https://www.voorbeeld.nl of mailto:naam@voorbeeld.nl',
  linkInvalid: 'Vul een adres in dat begint met https://, http://, mailto: of tel:, of een pad dat begint met /',
  linkApply: 'Link toevoegen',
  linkRemove: 'Link verwijderen',
  cancel: 'Annuleren',
  imageFile: 'Afbeelding (png of jpeg)',
  imageAlt: 'Beschrijving van de afbeelding',
  imageAltHint: 'Voor wie de afbeelding niet kan zien. Laat leeg als de afbeelding alleen versiert.',
  imageInsert: 'Afbeelding invoegen',
  imageType: 'Alleen afbeeldingen van het type png of jpeg zijn toegestaan.',
  imageMissing: 'Kies een afbeelding.',
  imageBusy: 'Afbeelding wordt geüpload…',
  imageFailed: 'De afbeelding kon niet worden geüpload. Probeer het opnieuw.',
} as const;

/** Empty editor content ('<p></p>') counts as no text. */
export const isEmptyHtml = (html: string) => html.replace(/<p>\s*<\/p>/g, '').trim() === '';

export function RichTextEditor({ id, label, value, onChange, onBlur, error, hint, required, onUploadImage }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const changed = useRef(onChange);
  changed.current = onChange;
  const blurred = useRef(onBlur);
  blurred.current = onBlur;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false, codeBlock: false, blockquote: false, horizontalRule: false, strike: false, underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => changed.current(isEmptyHtml(current.getHTML()) ? '' : current.getHTML()),
    onBlur: () => blurred.current?.(),
  });

  // The text area is the labelled, described control: a textbox that screen readers announce with its label.
  useEffect(() => {
    // TipTap destroys an editor whose component was not mounted within 1 ms of its creation (a slow first
    // render) and makes a new one; the effects of that render still hold the destroyed one: skip it.
    if (editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
          class: 'staff-html min-h-48 px-3 py-2 text-base text-slate-900 focus:outline-none',
        },
      },
    });
  }, [editor, id, labelId, describedBy, error, required]);

  // A value from outside (a form reset after loading the item) replaces the text; the editor's own edits do not.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = isEmptyHtml(editor.getHTML()) ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="flex flex-col gap-1">
      {/* The label names the text area (aria-labelledby); a click on it puts the cursor in the text. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the text area is reachable by Tab; the click is a convenience */}
      <p id={labelId} className="text-sm font-medium text-slate-800" onClick={() => editor.commands.focus()}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </p>
      <div className={`rounded-md border bg-white shadow-sm focus-within:outline focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-800 ${controlBorder(error)}`}>
        <Toolbar editor={editor} label={label} onUploadImage={onUploadImage} />
        <EditorContent editor={editor} />
      </div>
      {hint && <p id={hintId} className="text-xs text-slate-600">{hint}</p>}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}

export default RichTextEditor;

type Panel = 'link' | 'image' | null;

function Toolbar({ editor, label, onUploadImage }: { editor: Editor; label: string; onUploadImage?: (file: File) => Promise<string> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [panel, setPanel] = useState<Panel>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);

  const chain = () => editor.chain().focus();
  const buttons: Array<{ key: string; label: string; icon: ReactNode; pressed?: boolean; disabled?: boolean; expanded?: boolean; run: () => void }> = [
    { key: 'bold', label: richTextTexts.bold, icon: <b>B</b>, pressed: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: richTextTexts.italic, icon: <i className="font-serif">I</i>, pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'h2', label: richTextTexts.h2, icon: 'H2', pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: richTextTexts.h3, icon: 'H3', pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'ul', label: richTextTexts.bulletList, icon: <ListIcon />, pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: 'ol', label: richTextTexts.orderedList, icon: <NumberedIcon />, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'link', label: richTextTexts.link, icon: <LinkIcon />, pressed: state.link, expanded: panel === 'link', run: () => setPanel(panel === 'link' ? null : 'link') },
    ...(onUploadImage
      ? [{ key: 'image', label: richTextTexts.image, icon: <ImageIcon />, expanded: panel === 'image', run: () => setPanel(panel === 'image' ? null : 'image') }]
      : []),
    { key: 'undo', label: richTextTexts.undo, icon: '↶', disabled: !state.canUndo, run: () => chain().undo().run() },
    { key: 'redo', label: richTextTexts.redo, icon: '↷', disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: buttons.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + buttons.length) % buttons.length;
    setFocusIndex(next);
    bar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const panelId = `${label}-panel`.replace(/\W+/g, '-');
  return (
    <>
      <div ref={bar} role="toolbar" aria-label={richTextTexts.toolbar(label)} tabIndex={-1} onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1">
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed === undefined ? undefined : button.pressed}
            aria-expanded={button.expanded}
            aria-controls={button.expanded ? panelId : undefined}
            aria-disabled={button.disabled || undefined}
            onFocus={() => setFocusIndex(index)}
            onClick={() => {
              if (!button.disabled) button.run();
            }}
            className={`inline-flex min-h-10 min-w-10 items-center justify-center rounded px-2 text-sm font-semibold ${
              button.pressed ? 'bg-slate-800 text-white' : 'text-slate-900 hover:bg-slate-200'
            } aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          >
            <span aria-hidden="true">{button.icon}</span>
          </button>
        ))}
      </div>
      {panel === 'link' && <LinkPanel id={panelId} editor={editor} onClose={() => setPanel(null)} />}
      {panel === 'image' && onUploadImage && <ImagePanel id={panelId} editor={editor} onUploadImage={onUploadImage} onClose={() => setPanel(null)} />}
    </>
  );
}

function PanelBox({ id, children }: { id: string; children: ReactNode }) {
  return <div id={id} className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 p-3">{children}</div>;
}

function PanelLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">{children}</label>;
}

/** Closes the panel and puts the focus back in the text. */
function cancelPanel(editor: Editor, onClose: () => void) {
  onClose();
  editor.commands.focus();
}

function CancelButton({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  return <Button variant="ghost" onClick={() => cancelPanel(editor, onClose)}>{richTextTexts.cancel}</Button>;
}

function LinkPanel({ id, editor, onClose }: { id: string; editor: Editor; onClose: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string>();
  const apply = () => {
    const url = href.trim();
    if (!isStaffHtmlLink(url)) { // what the server keeps (packages/contract/src/staff-html.ts): not '//x' or '/\x'
      setError(richTextTexts.linkInvalid);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // Without selected text the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    onClose();
  };
  return (
    <PanelBox id={id}>
      <div className="flex flex-col gap-1">
        <PanelLabel htmlFor={inputId}>{richTextTexts.linkUrl}</PanelLabel>
        <input
          id={inputId}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the panel opens on request: its one field takes focus
          autoFocus
          type="text"
          inputMode="url"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') {
              event.preventDefault();
              cancelPanel(editor, onClose);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          className={`min-h-11 rounded-md border bg-white px-3 py-2 text-base ${controlBorder(error)}`}
        />
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">{richTextTexts.linkHint}</p>
        {error && <FieldErrorText id={`${inputId}-error`}>{error}</FieldErrorText>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={apply}>{richTextTexts.linkApply}</Button>
        {editor.isActive('link') && (
          <Button variant="secondary" onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}>{richTextTexts.linkRemove}</Button>
        )}
        <CancelButton editor={editor} onClose={onClose} />
      </div>
    </PanelBox>
  );
}

function ImagePanel({ id, editor, onUploadImage, onClose }: { id: string; editor: Editor; onUploadImage: (file: File) => Promise<string>; onClose: () => void }) {
  const fileId = useId();
  const altId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    if (!file) return setError(richTextTexts.imageMissing);
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setError(richTextTexts.imageType);
    setBusy(true);
    setError(undefined);
    try {
      const uploaded = await onUploadImage(file);
      // The upload's answer signs its link for this session ('?token=...'); staff HTML keeps the plain
      // storage path (the rule it is stored and shown by, isStorageImage), or the image would be dropped
      // from the preview and from what is saved. Content images load without a token.
      const path = uploaded.split(/[?#]/)[0]!;
      const src = isStorageImage(path) ? path : uploaded;
      editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.body.errors?.[0]?.message ?? failure.message) : richTextTexts.imageFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PanelBox id={id}>
      <FilePicker id={fileId} label={richTextTexts.imageFile} accept="image/png,image/jpeg" onFile={setFile} chosen={file?.name} error={error} />
      <div className="flex flex-col gap-1">
        <PanelLabel htmlFor={altId}>{richTextTexts.imageAlt}</PanelLabel>
        <input id={altId} type="text" value={alt} onChange={(event) => setAlt(event.target.value)} aria-describedby={`${altId}-hint`}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base" />
        <p id={`${altId}-hint`} className="text-xs text-slate-600">{richTextTexts.imageAltHint}</p>
      </div>
      <p role="status" className="text-sm text-slate-700">{busy ? richTextTexts.imageBusy : ''}</p>
      <div className="flex flex-wrap gap-2">
        <Button busy={busy} onClick={() => void insert()}>{richTextTexts.imageInsert}</Button>
        <CancelButton editor={editor} onClose={onClose} />
      </div>
    </PanelBox>
  );
}

const svg = (path: ReactNode) => <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">{path}</svg>;
const ListIcon = () => svg(<><path d="M9 6h11M9 12h11M9 18h11" /><circle cx="4" cy="6" r="1" /><circle cx="4" cy="12" r="1" /><circle cx="4" cy="18" r="1" /></>);
const NumberedIcon = () => svg(<><path d="M10 6h10M10 12h10M10 18h10" /><path d="M4 4v4M3 16h2l-2 3h2" /></>);
const LinkIcon = () => svg(<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />);
const ImageIcon = () => svg(<><rect x="3" y="4" width="18" height="16" rx="2" /><circle cx="9" cy="10" r="2" /><path d="M21 17l-5-5-9 8" /></>);
