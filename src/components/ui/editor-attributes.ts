import type { EditorState } from '@tiptap/pm/state';

/** The editable area's attributes for a tiptap editor labelled `label`. Written text reads in its
 *  own direction (an English post in the Arabic interface): `dir="auto"` once there is any. An
 *  empty area keeps the interface's direction, where `dir="auto"` would put the caret and the
 *  placeholder on the left in Arabic. */
export function editorAttributes(label: string) {
  return (state: EditorState): Record<string, string> => ({
    'aria-label': label,
    'aria-multiline': 'true',
    ...(state.doc.textContent.trim() ? { dir: 'auto' } : {}),
  });
}
