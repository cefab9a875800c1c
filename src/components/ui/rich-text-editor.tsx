import '@mantine/tiptap/styles.layer.css';

import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

import { editorAttributes } from './editor-attributes';

interface RichTextEditorProps {
  /** The accessible name, on ProseMirror's own element (the one with role="textbox"). */
  label: string;
  /** The HTML the editor starts with (later changes of it are not applied). */
  initialHtml: string;
  /** Every change: the HTML, and whether the document is empty (`<p></p>`). */
  onChange: (html: string, isEmpty: boolean) => void;
  /** Heading buttons (H2, H3) for long texts such as blog posts. */
  headings?: boolean;
  className?: string;
  /** On the editable area, for tests. */
  contentTestId?: string;
  /** A red border when its field has an error. */
  invalid?: boolean;
}

const editorProps = (label: string) => ({ attributes: editorAttributes(label) });

/** The app's rich-text editor (tiptap via @mantine/tiptap): bold, italic, underline, strike,
 *  lists, quote, code, links; optionally headings. It writes HTML, which the server sanitises. */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  headings = false,
  className,
  contentTestId,
  invalid,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: editorProps(label),
    onUpdate: ({ editor: e }) => onChange(e.getHTML(), e.isEmpty),
  });
  useEffect(() => {
    editor?.setOptions({ editorProps: editorProps(label) });
  }, [editor, label]);

  return (
    <MantineRichTextEditor
      editor={editor}
      className={className}
      labels={undefined}
      data-invalid={invalid || undefined}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Bold />
          <MantineRichTextEditor.Italic />
          <MantineRichTextEditor.Underline />
          <MantineRichTextEditor.Strikethrough />
        </MantineRichTextEditor.ControlsGroup>
        {headings ? (
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
        ) : null}
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.BulletList />
          <MantineRichTextEditor.OrderedList />
          <MantineRichTextEditor.Blockquote />
          <MantineRichTextEditor.Code />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Link />
          <MantineRichTextEditor.Unlink />
        </MantineRichTextEditor.ControlsGroup>
      </MantineRichTextEditor.Toolbar>
      <MantineRichTextEditor.Content data-testid={contentTestId} />
    </MantineRichTextEditor>
  );
}
