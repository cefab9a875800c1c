import '@mantine/tiptap/styles.layer.css';

import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

import { editorAttributes } from '@/components/ui/editor-attributes';

/** The mail composer's editor (tiptap via @mantine/tiptap), for the product description. */
export function DescriptionEditor({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
}) {
  const id = useId();
  const editorProps = { attributes: editorAttributes(label) };
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  useEffect(() => {
    editor?.setOptions({
      editorProps: { attributes: editorAttributes(label) },
    });
  }, [editor, label]);

  return (
    <Input.Wrapper label={label} error={error} id={id}>
      <RichTextEditor editor={editor} mih={200} data-error={error ? true : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content data-testid="product-description" />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
