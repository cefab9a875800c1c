// What the board says to a screen reader on its own, sparingly: someone joining or leaving
// the board, and a new conflict on a card. Nothing is said for the first read of a board
// (that is what the page shows anyway), only for what changes while it is open.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { Viewer } from '../../../../server/contracts/live';
import type { BoardView } from '../local/board-store';

export function useBoardAnnouncements(
  view: BoardView | undefined,
  viewers: Viewer[],
  announce: (text: string) => void,
) {
  const { t } = useTranslation();
  const boardId = view?.board?.id ?? null;
  const seen = useRef<{
    boardId: string | null;
    viewers: Map<string, string> | null;
    conflicts: Set<string> | null;
  }>({
    boardId: null,
    viewers: null,
    conflicts: null,
  });

  useEffect(() => {
    if (seen.current.boardId !== boardId)
      seen.current = { boardId, viewers: null, conflicts: null };
  }, [boardId]);

  useEffect(() => {
    const now = new Map(viewers.map((v) => [v.userId, v.name]));
    const before = seen.current.viewers;
    seen.current.viewers = now;
    if (!before) return;
    const joined = [...now].filter(([id]) => !before.has(id)).map(([, name]) => name);
    const left = [...before].filter(([id]) => !now.has(id)).map(([, name]) => name);
    if (joined.length) announce(t('kanban.presence.joined', { names: joined.join(', ') }));
    else if (left.length) announce(t('kanban.presence.left', { names: left.join(', ') }));
  }, [viewers, announce, t]);

  useEffect(() => {
    if (!view?.board) return;
    const cards = Object.values(view.cards);
    const now = new Set(cards.flatMap((c) => (c.conflicts ?? []).map((r) => r.id)));
    const before = seen.current.conflicts;
    seen.current.conflicts = now;
    if (!before) return;
    const fresh = cards.filter((c) => (c.conflicts ?? []).some((r) => !before.has(r.id)));
    if (fresh.length)
      announce(t('kanban.conflict.announce', { name: fresh.map((c) => c.name).join(', ') }));
  }, [view, announce, t]);
}
