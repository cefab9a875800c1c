import { ActionIcon, Avatar, Group, Skeleton, Stack } from '@mantine/core';
import { IconPaperclip, IconStar, IconStarFilled } from '@tabler/icons-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { Mail } from '../../../../server/contracts/mail';
import { ROWS_PER_READ } from '../local/mail-store';
import { formatMailDate, personLabel } from './mail-format';
import classes from './mail.module.css';

interface MailListProps {
  /** every mail of the list, in order */
  ids: string[];
  /** the mails read so far */
  rows: Map<string, Mail>;
  onReadMore: (rowCount: number) => void;
  selectedId: string | null;
  labelId: string;
  onOpen: (mail: Mail) => void;
  onToggleStar: (mail: Mail) => void;
}

export function MailListSkeleton() {
  return (
    <Stack gap={0} data-testid="mail-list-loading" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <Group key={i} p="sm" gap="sm" wrap="nowrap">
          <Skeleton circle h={36} w={36} />
          <Stack gap={6} flex={1}>
            <Skeleton h={10} w="50%" />
            <Skeleton h={10} w="90%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

// A row is plain elements styled by mail.module.css, but for the avatar and the star button: a
// screen shows some twenty rows, and a dozen Mantine components in each would be most of the
// inbox's render time.
const MailRow = memo(function MailRow({
  mail,
  selected,
  showRecipients,
  onOpen,
  onToggleStar,
}: {
  mail: Mail;
  selected: boolean;
  showRecipients: boolean;
  onOpen: (mail: Mail) => void;
  onToggleStar: (mail: Mail) => void;
}) {
  const { t, i18n } = useTranslation();
  const who = showRecipients
    ? t('mail.list.to', { names: mail.to.map(personLabel).join(', ') || '—' })
    : personLabel(mail.from);
  return (
    <div
      className={classes.row}
      data-selected={selected || undefined}
      data-unread={!mail.isRead || undefined}
      data-testid="mail-row"
    >
      <button
        type="button"
        className={classes.rowButton}
        onClick={() => onOpen(mail)}
        aria-current={selected ? 'true' : undefined}
      >
        <Avatar
          size={36}
          radius="xl"
          color="initials"
          name={showRecipients ? (mail.to[0]?.name ?? '') : mail.from.name}
        />
        <span className={classes.rowText}>
          <span className={classes.rowLine}>
            <span className={classes.rowWho}>
              {mail.isDraft ? (
                <span className={classes.rowDraft}>{t('mail.list.draft')} </span>
              ) : null}
              {who}
            </span>
            <span className={classes.rowDate}>{formatMailDate(mail.createdAt, i18n.language)}</span>
          </span>
          <span className={classes.rowSubject} dir="auto">
            {mail.subject || t('mail.list.noSubject')}
          </span>
          <span className={classes.rowLine}>
            {mail.attachments.length > 0 ? (
              <IconPaperclip
                size={14}
                className={classes.rowClip}
                aria-label={t('mail.list.hasAttachments')}
              />
            ) : null}
            <span className={classes.rowPreview} dir="auto">
              {mail.preview}
            </span>
          </span>
        </span>
      </button>
      <ActionIcon
        variant="subtle"
        color={mail.isStarred ? 'yellow' : 'gray'}
        className={classes.rowStar}
        onClick={() => onToggleStar(mail)}
        aria-label={t(mail.isStarred ? 'mail.actions.unstar' : 'mail.actions.star')}
        aria-pressed={mail.isStarred}
      >
        {mail.isStarred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
      </ActionIcon>
    </div>
  );
});

/** A row's height before it is measured (three lines of text and the padding). */
const ESTIMATED_ROW_PX = 84;
const firstHeight = () =>
  typeof window === 'undefined' ? 600 : Math.max(300, window.innerHeight - 240);

function RowPlaceholder() {
  return (
    <Group p="sm" gap="sm" wrap="nowrap" h={ESTIMATED_ROW_PX} aria-hidden="true">
      <Skeleton circle h={36} w={36} />
      <Stack gap={6} flex={1}>
        <Skeleton h={10} w="50%" />
        <Skeleton h={10} w="90%" />
      </Stack>
    </Group>
  );
}

/** The label's mails, drawn only around what is on screen (a label may hold hundreds): the
 *  list is its own scroller and asks for more rows (`onReadMore`) before the read ones run out. */
export function MailList({
  ids,
  rows,
  selectedId,
  labelId: currentLabel,
  onOpen,
  onToggleStar,
  onReadMore,
}: MailListProps) {
  const showRecipients = currentLabel === 'sent' || currentLabel === 'drafts';
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getItemKey: (index) => ids[index] ?? index,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    initialRect: { width: 360, height: firstHeight() },
    // a list with no layout yet (or a DOM without layout, in tests) keeps the first height
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) =>
        onRect(rect.height > 0 ? rect : { ...rect, height: firstHeight() }),
      ),
  });
  useEffect(() => virtualizer.scrollToOffset(0), [currentLabel, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastIndex + ROWS_PER_READ / 2 >= rows.size && rows.size < ids.length)
      onReadMore(rows.size + ROWS_PER_READ);
  }, [lastIndex, rows.size, ids.length, onReadMore]);
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return (
    <div ref={scrollRef} className={classes.listScroll}>
      <div role="list" data-testid="mail-list" style={{ paddingTop: before, paddingBottom: after }}>
        {items.map((item) => {
          const id = ids[item.index]!;
          const mail = rows.get(id);
          return (
            <div
              role="listitem"
              key={id}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-posinset={item.index + 1}
              aria-setsize={ids.length}
            >
              {mail ? (
                <MailRow
                  mail={mail}
                  selected={mail.id === selectedId}
                  showRecipients={showRecipients}
                  onOpen={onOpen}
                  onToggleStar={onToggleStar}
                />
              ) : (
                <RowPlaceholder />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
