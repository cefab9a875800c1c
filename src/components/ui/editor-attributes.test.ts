import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';

import { editorAttributes } from './editor-attributes';

let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function editable(html: string) {
  editor = new Editor({
    extensions: [StarterKit],
    content: html,
    editorProps: { attributes: editorAttributes('Body') },
  });
  return editor.view.dom;
}

describe('editorAttributes', () => {
  it('keeps the interface direction while the area is empty', () => {
    const dom = editable('<p></p>');
    expect(dom.getAttribute('aria-label')).toBe('Body');
    expect(dom.hasAttribute('dir')).toBe(false);
  });

  it('lets written text set its direction, and gives it back when emptied', () => {
    const dom = editable('<p>A warehouse shootout.</p>');
    expect(dom.getAttribute('dir')).toBe('auto');
    editor!.commands.clearContent();
    expect(dom.hasAttribute('dir')).toBe(false);
    editor!.commands.insertContent('مرحبا');
    expect(dom.getAttribute('dir')).toBe('auto');
  });
});
