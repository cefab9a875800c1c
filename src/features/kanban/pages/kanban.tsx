import { Button, Stack } from '@mantine/core';
import { IconLayoutKanban, IconSparkles } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { useAnnouncer } from '@/components/feedback/live-announcer';
import { OfflineNotice } from '@/components/feedback/offline-state';
import { useAuth } from '@/lib/auth/use-auth';
import { db } from '@/lib/db';
import { idlePart, usePreloadAfterPaint } from '@/lib/idle-part';
import { notify } from '@/lib/notify';
import { startSyncEngine, syncStatusStore } from '@/lib/sync/engine';
import { StorageFullError } from '@/lib/sync/storage';
import { whenIdle } from '@/lib/when-idle';

import type { CardFields } from '../../../../server/contracts/kanban';
import { AddColumn } from '../components/add-column';
import { BoardHeader } from '../components/board-header';
import { BoardSkeleton } from '../components/board-skeleton';
import { KanbanBoard } from '../components/kanban-board';
import { nameForm } from '../components/name-form-part';
import { addStarterColumns, boardActions, useBoard } from '../local/board-store';
import { onBoardRevoked } from '../local/live';
import { useBoardPresence } from '../local/presence';
import type { ColumnRow } from '../local/tables';
import { useBoardAnnouncements } from './use-board-announcements';
import { useCardParam } from './use-card-param';

// the card's editor and the column's confirmation: not on the first screen, so not in its load
const cardDrawer = idlePart(() => import('../components/card-drawer').then((m) => m.CardDrawer));
const confirmDialog = idlePart(() =>
  import('../components/confirm-dialog').then((m) => m.ConfirmDialog),
);

// the last asked-for confirmation stays set while its dialog closes (no empty title flashing)
type Pending = { kind: 'clear' | 'delete'; column: ColumnRow; open: boolean } | null;

export default function KanbanPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const board = useBoard({ boardId: searchParams.get('board'), cardId: searchParams.get('card') });
  const boardId = board?.board?.id ?? null;
  const writable = board?.writable ?? false;
  const lastSync = useLiveQuery(() => db.meta.get('lastSyncAt'), []);
  const status = useSyncExternalStore(
    (listener) => syncStatusStore.subscribe(listener),
    () => syncStatusStore.get(),
  );
  // an empty device waits for the first pull before saying the board is empty
  const firstPull = board?.columns.length === 0 && !lastSync && status.online && !status.lastError;
  const [openCardId, setOpenCardId] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  // `?card=<id>` (the Ctrl+K palette's link) opens that card once the board is shown
  const { dropParam } = useCardParam({
    board,
    ready: !!board && !firstPull,
    syncing: status.syncing,
    open: setOpenCardId,
  });

  // replaying and pulling start once the page has painted and the browser is idle
  useEffect(() => whenIdle(() => startSyncEngine({ first: ['kanban'] })), []);
  const viewers = useBoardPresence(boardId, openCardId, user?.id);
  const { announce, region } = useAnnouncer();
  useBoardAnnouncements(board, viewers, announce);
  const current = useRef(boardId);
  current.current = boardId;
  useEffect(
    () =>
      onBoardRevoked((id, name) => {
        const text = t('kanban.boards.revoked', { name });
        announce(text);
        notify.warning(text);
        if (id === current.current) setOpenCardId(null);
      }),
    [t, announce],
  );
  const chooseBoard = useCallback(
    (id: string) => {
      setOpenCardId(null);
      setSearchParams({ board: id });
    },
    [setSearchParams],
  );
  usePreloadAfterPaint(!!board, cardDrawer, confirmDialog, nameForm);

  // every change goes through the sync queue; a full disk is said, never swallowed
  const run = useCallback(
    (change: Promise<unknown>): Promise<boolean> =>
      change.then(
        () => true,
        (error: unknown) => {
          notify.error(
            error instanceof StorageFullError
              ? t('kanban.errors.storageFull')
              : t('kanban.errors.saveFailed'),
          );
          return false;
        },
      ),
    [t],
  );

  const actions = useMemo(
    () => ({
      onOpenCard: (cardId: string) => setOpenCardId(cardId),
      onRename: (columnId: string, name: string) => run(boardActions.renameColumn(columnId, name)),
      onClear: (column: ColumnRow) => setPending({ kind: 'clear', column, open: true }),
      onDelete: (column: ColumnRow) => setPending({ kind: 'delete', column, open: true }),
      onAddCard: (columnId: string, name: string) => run(boardActions.addCard(columnId, name)),
      onMoveCard: (cardId: string, columnId: string, index: number) =>
        run(boardActions.moveCard(cardId, columnId, index)),
      onMoveColumn: (columnId: string, index: number) =>
        run(boardActions.moveColumn(columnId, index)),
    }),
    [run],
  );
  const addColumn = useCallback(
    (name: string) =>
      boardId ? run(boardActions.addColumn(boardId, name)) : Promise.resolve(false),
    [run, boardId],
  );
  const openBy = useMemo(() => {
    const byCard: Record<string, string[]> = {};
    for (const viewer of viewers)
      if (viewer.cardId) (byCard[viewer.cardId] ??= []).push(viewer.name);
    return byCard;
  }, [viewers]);

  const openCard = openCardId ? board?.cards[openCardId] : undefined;
  const known = useMemo(() => {
    const assignees = new Set<string>();
    const labels = new Set<string>();
    for (const card of Object.values(board?.cards ?? {})) {
      card.assignees.forEach((a) => assignees.add(a));
      card.labels.forEach((l) => labels.add(l));
    }
    return { assignees: [...assignees].sort(), labels: [...labels].sort() };
  }, [board?.cards]);

  const starter = () =>
    run(
      addStarterColumns(boardId!, [
        t('kanban.starter.todo'),
        t('kanban.starter.doing'),
        t('kanban.starter.done'),
      ]),
    );

  return (
    <Stack gap="md">
      <BoardHeader view={board} viewers={viewers} onChoose={chooseBoard} />
      {region}
      <OfflineNotice message={t('kanban.offline')} />
      {!board || firstPull ? (
        <BoardSkeleton />
      ) : board.columns.length === 0 ? (
        <EmptyState
          icon={<IconLayoutKanban size={28} />}
          title={t('kanban.empty.title')}
          description={t(writable ? 'kanban.empty.text' : 'kanban.empty.viewOnly')}
          action={
            !writable || !boardId ? null : (
              <Stack align="center" gap="xs">
                <Button
                  leftSection={<IconSparkles size={16} />}
                  onClick={starter}
                  data-testid="starter-board"
                >
                  {t('kanban.empty.starter')}
                </Button>
                <AddColumn onAdd={addColumn} inline />
              </Stack>
            )
          }
        />
      ) : (
        <KanbanBoard
          board={board}
          {...actions}
          readOnly={!writable}
          openBy={openBy}
          trailing={writable ? <AddColumn onAdd={addColumn} /> : null}
        />
      )}
      <cardDrawer.Part
        wanted={openCardId !== null}
        opened={openCardId !== null}
        card={openCard}
        columnName={
          openCard ? (board?.columns.find((c) => c.id === openCard.columnId)?.name ?? '') : ''
        }
        onClose={() => {
          setOpenCardId(null);
          dropParam();
        }}
        onSave={(cardId: string, patch: Partial<CardFields>) =>
          run(boardActions.updateCard(cardId, patch))
        }
        onDelete={(cardId: string) => run(boardActions.deleteCard(cardId))}
        knownAssignees={known.assignees}
        knownLabels={known.labels}
        readOnly={!writable}
        selfId={user?.id}
        openBy={openCardId ? openBy[openCardId] : undefined}
        onResolve={(cardId: string, conflictId: string, keep: 'yours' | 'theirs') =>
          void run(boardActions.resolveConflict(cardId, conflictId, keep))
        }
      />
      <confirmDialog.Part
        wanted={pending !== null}
        opened={pending?.open ?? false}
        title={
          pending ? t(`kanban.column.${pending.kind}Title`, { name: pending.column.name }) : ''
        }
        message={
          pending
            ? t(`kanban.column.${pending.kind}Text`, {
                name: pending.column.name,
              })
            : ''
        }
        confirmLabel={pending ? t(`kanban.column.${pending.kind}`) : ''}
        onClose={() => setPending((p) => (p ? { ...p, open: false } : p))}
        onConfirm={() => {
          if (!pending) return;
          void run(
            pending.kind === 'clear'
              ? boardActions.clearColumn(pending.column.id)
              : boardActions.deleteColumn(pending.column.id),
          );
        }}
      />
    </Stack>
  );
}
