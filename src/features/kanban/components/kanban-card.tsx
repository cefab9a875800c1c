// A card on the board. The face is plain elements styled by the module (no Mantine
// components, no per-card i18n subscription) and memoised on what it shows, because a board
// holds hundreds of them and every drag step re-renders each sortable wrapper.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconCalendarDue, IconCircleCheckFilled, IconListCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { memo, useCallback } from 'react';

import { formatDate } from '@/lib/i18n';

import type { CardRow } from '../local/tables';
import classes from './kanban.module.css';

export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** A stable colour per person (the same name always gets the same one). */
export function hue(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return Math.abs(hash) % 360;
}

interface FaceProps {
  card: CardRow;
  t: TFunction;
  /** the language's locale: the due date is formatted in it (a change redraws the face) */
  locale: string;
}

function CardFaceView({ card, t }: FaceProps) {
  const done = card.checklist.filter((item) => item.done).length;
  const total = card.checklist.length;
  return (
    <>
      <div className={classes.cardTitle}>
        {card.completed ? (
          <IconCircleCheckFilled
            size={16}
            className={classes.doneIcon}
            aria-label={t('kanban.card.completed')}
          />
        ) : null}
        <span className={card.completed ? classes.completedName : undefined}>{card.name}</span>
      </div>
      {card.labels.length > 0 ? (
        <div className={classes.labels}>
          {card.labels.map((label) => (
            <span key={label} className={classes.label}>
              {label}
            </span>
          ))}
        </div>
      ) : null}
      <div className={classes.meta}>
        <span className={classes.priority} data-priority={card.priority}>
          {t(`kanban.priority.${card.priority}`)}
        </span>
        {card.due ? (
          <span className={classes.metaItem}>
            <IconCalendarDue size={14} aria-hidden="true" />
            {formatDate(card.due, { day: 'numeric', month: 'short' })}
          </span>
        ) : null}
        {total > 0 ? (
          <span
            className={classes.metaItem}
            title={t('kanban.card.checklistProgress', { done, total })}
          >
            <IconListCheck size={14} aria-hidden="true" />
            {done}/{total}
          </span>
        ) : null}
        {card.assignees.length > 0 ? (
          <span className={classes.avatars}>
            {card.assignees.slice(0, 4).map((name) => (
              <span
                key={name}
                className={classes.avatar}
                title={name}
                style={{ backgroundColor: `hsl(${hue(name)} 55% 30%)` }}
              >
                {initials(name)}
              </span>
            ))}
          </span>
        ) : null}
      </div>
      {total > 0 ? (
        <div className={classes.progress} aria-hidden="true">
          <div
            className={classes.progressBar}
            data-complete={done === total || undefined}
            style={{ width: `${(done / total) * 100}%` }}
          />
        </div>
      ) : null}
    </>
  );
}

function sameFace(a: FaceProps, b: FaceProps) {
  const x = a.card;
  const y = b.card;
  if (a.t !== b.t || a.locale !== b.locale) return false;
  return (
    x === y ||
    (x.name === y.name &&
      x.priority === y.priority &&
      x.due === y.due &&
      x.completed === y.completed &&
      x.labels.join('\n') === y.labels.join('\n') &&
      x.assignees.join('\n') === y.assignees.join('\n') &&
      x.checklist.length === y.checklist.length &&
      x.checklist.every((item, i) => item.done === y.checklist[i]?.done))
  );
}

export const CardFace = memo(CardFaceView, sameFace);

interface KanbanCardProps {
  card: CardRow;
  /** its place in the column, for the column's window (use-card-window.ts) */
  index: number;
  measure: (node: Element | null) => void;
  columnId: string;
  columnName: string;
  /** a column is being dragged: cards are not drop targets then */
  columnDragActive: boolean;
  /** a viewer's board: the card opens but cannot be picked up */
  readOnly?: boolean;
  /** the people who have this card open now (presence) */
  openBy?: string[];
  onOpen: (cardId: string) => void;
  t: TFunction;
  locale: string;
}

function KanbanCardView({
  card,
  index,
  measure,
  columnId,
  columnName,
  columnDragActive,
  readOnly = false,
  openBy,
  onOpen,
  t,
  locale,
}: KanbanCardProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: card.id,
    data: { type: 'card', columnId, name: card.name },
    disabled: { draggable: readOnly, droppable: columnDragActive },
  });
  const conflicts = card.conflicts?.length ?? 0;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setNodeRef(node);
      measure(node);
    },
    [setNodeRef, measure],
  );
  return (
    <div
      ref={ref}
      data-index={index}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? `${classes.card} ${classes.cardDragging}` : classes.card}
      data-testid="kanban-card"
      data-card-id={card.id}
      data-dragging={isDragging || undefined}
    >
      {/* the control covers the card and shows no text of its own, so its name ("name, in
          column") need not repeat the face's text; the face is read after it */}
      <div
        ref={setActivatorNodeRef}
        className={classes.cardControl}
        {...(readOnly ? {} : { ...attributes, ...listeners })}
        role="button"
        tabIndex={0}
        aria-roledescription={readOnly ? undefined : t('kanban.dnd.cardRole')}
        aria-label={[
          t('kanban.card.label', { name: card.name, column: columnName }),
          conflicts ? t('kanban.conflict.count', { count: conflicts }) : '',
          openBy?.length ? t('kanban.presence.openBy', { names: openBy.join(', ') }) : '',
        ]
          .filter(Boolean)
          .join('. ')}
        onClick={() => onOpen(card.id)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !isDragging) {
            event.preventDefault();
            onOpen(card.id);
            return;
          }
          if (!readOnly) listeners?.onKeyDown?.(event);
        }}
      />
      <CardFace card={card} t={t} locale={locale} />
      {conflicts || openBy?.length ? (
        <div className={classes.cardLive} aria-hidden="true">
          {conflicts ? (
            <span className={classes.conflictBadge} data-testid="card-conflict-badge">
              {t('kanban.conflict.badge', { count: conflicts })}
            </span>
          ) : null}
          {openBy?.map((name) => (
            <span
              key={name}
              className={`${classes.avatar} ${classes.presenceAvatar}`}
              title={name}
              data-testid="card-presence"
              style={{ backgroundColor: `hsl(${hue(name)} 55% 30%)` }}
            >
              {initials(name)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export const KanbanCard = memo(KanbanCardView);
