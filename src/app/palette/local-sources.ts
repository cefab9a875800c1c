// What the palette finds offline: one line per mirrored feature (its `local/palette-source.ts`,
// reading only its own tables).
import { calendarPaletteSource } from '@/features/calendar/local/palette-source';
import { chatPaletteSource } from '@/features/chat/local/palette-source';
import { kanbanPaletteSource } from '@/features/kanban/local/palette-source';
import { mailPaletteSource } from '@/features/mail/local/palette-source';
import { cartPaletteSource } from '@/features/shop/local/palette-source';
import type { LocalSource } from '@/lib/search/local-index';

export function localSources(userId: string | undefined): LocalSource[] {
  return [mailPaletteSource, chatPaletteSource(userId), calendarPaletteSource, kanbanPaletteSource, cartPaletteSource];
}
