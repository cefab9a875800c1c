import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPaperclip, IconStar, IconStarFilled } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Mail } from '../../../../server/contracts/mail';
import { formatMailDate, personLabel } from './mail-format';
import classes from './mail.module.css';

interface MailListProps {
  mails: Mail[];
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
    <Box
      className={classes.row}
      data-selected={selected || undefined}
      data-unread={!mail.isRead || undefined}
      data-testid="mail-row"
    >
      <UnstyledButton
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
        <Stack gap={2} flex={1} miw={0}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={mail.isRead ? 500 : 700} truncate>
              {mail.isDraft ? (
                <Text span c="red" inherit>
                  {t('mail.list.draft')}{' '}
                </Text>
              ) : null}
              {who}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatMailDate(mail.createdAt, i18n.language)}
            </Text>
          </Group>
          <Text size="sm" fw={mail.isRead ? 400 : 600} truncate dir="auto">
            {mail.subject || t('mail.list.noSubject')}
          </Text>
          <Group gap={4} wrap="nowrap">
            {mail.attachments.length > 0 ? (
              <IconPaperclip size={14} aria-label={t('mail.list.hasAttachments')} />
            ) : null}
            <Text size="xs" c="dimmed" truncate dir="auto">
              {mail.preview}
            </Text>
          </Group>
        </Stack>
      </UnstyledButton>
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
    </Box>
  );
});

const PAGE = 50;

export function MailList({
  mails,
  selectedId,
  labelId: currentLabel,
  onOpen,
  onToggleStar,
}: MailListProps) {
  const { t } = useTranslation();
  const showRecipients = currentLabel === 'sent' || currentLabel === 'drafts';
  // rows are rendered a page at a time (a label can hold 500 mirrored mails)
  const [shown, setShown] = useState(PAGE);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = shown < mails.length;
  useEffect(() => setShown(PAGE), [currentLabel]);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + PAGE * 2);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [more]);
  return (
    <Stack gap={0} role="list" data-testid="mail-list">
      {mails.slice(0, shown).map((mail) => (
        <div role="listitem" key={mail.id}>
          <MailRow
            mail={mail}
            selected={mail.id === selectedId}
            showRecipients={showRecipients}
            onOpen={onOpen}
            onToggleStar={onToggleStar}
          />
        </div>
      ))}
      {more ? (
        <Group justify="center" p="sm" ref={sentinel}>
          <Button variant="subtle" size="xs" onClick={() => setShown((n) => n + PAGE * 2)}>
            {t('mail.list.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
