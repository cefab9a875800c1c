import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Checkbox,
  Divider,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertOctagon,
  IconArrowBackUp,
  IconArrowBackUpDouble,
  IconArrowForwardUp,
  IconArrowLeft,
  IconDownload,
  IconInbox,
  IconLabel,
  IconLabelFilled,
  IconMail,
  IconMailOpened,
  IconPaperclip,
  IconRestore,
  IconStar,
  IconStarFilled,
  IconTag,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '@/lib/notify';

import type { Mail, MailLabel } from '../../../../server/contracts/mail';
import { downloadAttachment } from '../api/mail-api';
import { mailActions } from '../local/use-mail-actions';
import { formatFullDate, formatSize, personLabel } from './mail-format';
import classes from './mail.module.css';

export type ComposeMode = 'reply' | 'replyAll' | 'forward';

interface MailDetailsProps {
  mail: Mail;
  labels: MailLabel[];
  onBack?: () => void;
  onClose: () => void;
  onCompose: (mode: ComposeMode, mail: Mail) => void;
  onEditDraft: (mail: Mail) => void;
}

function Action({
  label,
  onClick,
  children,
  active,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  active?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="lg"
        onClick={onClick}
        aria-label={label}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

async function saveFile(id: string, fileName: string, failed: string) {
  try {
    const blob = await downloadAttachment(id);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    notify.error(failed);
  }
}

export function MailDetails({
  mail,
  labels,
  onBack,
  onClose,
  onCompose,
  onEditDraft,
}: MailDetailsProps) {
  const { t, i18n } = useTranslation();
  const html = useMemo(
    () =>
      DOMPurify.sanitize(mail.message, {
        FORBID_TAGS: ['style', 'img', 'iframe', 'form'],
        FORBID_ATTR: ['style'],
      }),
    [mail.message],
  );
  const own = labels.filter((l) => l.type === 'custom');
  const ids = [mail.id];
  const inTrash = mail.folder === 'trash';
  const received = mail.folder === 'inbox' || mail.folder === 'spam';

  return (
    <Stack gap={0} h="100%" data-testid="mail-details">
      <Group justify="space-between" p="xs" gap={4} wrap="nowrap">
        <Group gap={2} wrap="nowrap">
          {onBack ? (
            <Action label={t('mail.actions.back')} onClick={onBack}>
              <IconArrowLeft size={20} className={classes.flip} />
            </Action>
          ) : null}
          {mail.isDraft ? (
            <Button size="xs" variant="light" onClick={() => onEditDraft(mail)}>
              {t('mail.actions.editDraft')}
            </Button>
          ) : (
            <>
              <Action
                label={t('mail.actions.reply')}
                onClick={() => onCompose('reply', mail)}
                testId="reply"
              >
                <IconArrowBackUp size={20} className={classes.flip} />
              </Action>
              <Action
                label={t('mail.actions.replyAll')}
                onClick={() => onCompose('replyAll', mail)}
              >
                <IconArrowBackUpDouble size={20} className={classes.flip} />
              </Action>
              <Action label={t('mail.actions.forward')} onClick={() => onCompose('forward', mail)}>
                <IconArrowForwardUp size={20} className={classes.flip} />
              </Action>
            </>
          )}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Action
            label={t(mail.isStarred ? 'mail.actions.unstar' : 'mail.actions.star')}
            active={mail.isStarred}
            onClick={() => void mailActions.setStarred(ids, !mail.isStarred)}
          >
            {mail.isStarred ? (
              <IconStarFilled size={20} color="var(--mantine-color-yellow-6)" />
            ) : (
              <IconStar size={20} />
            )}
          </Action>
          <Action
            label={t(mail.isImportant ? 'mail.actions.notImportant' : 'mail.actions.important')}
            active={mail.isImportant}
            onClick={() => void mailActions.setImportant(ids, !mail.isImportant)}
          >
            {mail.isImportant ? (
              <IconLabelFilled size={20} color="var(--mantine-color-orange-6)" />
            ) : (
              <IconLabel size={20} />
            )}
          </Action>
          <Action
            label={t(mail.isRead ? 'mail.actions.markUnread' : 'mail.actions.markRead')}
            onClick={() => {
              void mailActions.setRead(ids, !mail.isRead);
              if (mail.isRead) onClose();
            }}
          >
            {mail.isRead ? <IconMail size={20} /> : <IconMailOpened size={20} />}
          </Action>
          <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
            <Menu.Target>
              <Tooltip label={t('mail.actions.labels')} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('mail.actions.labels')}
                >
                  <IconTag size={20} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {own.length === 0 ? <Menu.Label>{t('mail.labels.noneYet')}</Menu.Label> : null}
              {own.map((label) => {
                const on = mail.labelIds.includes(label.id);
                return (
                  <Menu.Item
                    key={label.id}
                    onClick={() => void mailActions.setLabel(ids, label.id, !on)}
                  >
                    <Checkbox
                      label={label.name}
                      checked={on}
                      readOnly
                      color={label.color ?? undefined}
                      tabIndex={-1}
                    />
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
          {received ? (
            <Action
              label={t(mail.folder === 'spam' ? 'mail.actions.notSpam' : 'mail.actions.spam')}
              onClick={() => {
                void mailActions.move(ids, mail.folder === 'spam' ? 'inbox' : 'spam');
                onClose();
              }}
            >
              {mail.folder === 'spam' ? <IconInbox size={20} /> : <IconAlertOctagon size={20} />}
            </Action>
          ) : null}
          {inTrash ? (
            <>
              <Action
                label={t('mail.actions.restore')}
                onClick={() => {
                  void mailActions.restore(ids);
                  onClose();
                }}
              >
                <IconRestore size={20} />
              </Action>
              <Action
                label={t('mail.actions.deleteForever')}
                onClick={() => {
                  void mailActions.deleteForever(ids);
                  onClose();
                }}
              >
                <IconTrashX size={20} color="var(--mantine-color-red-6)" />
              </Action>
            </>
          ) : (
            <Action
              label={t(mail.isDraft ? 'mail.actions.discardDraft' : 'mail.actions.trash')}
              onClick={() => {
                void (mail.isDraft
                  ? mailActions.deleteForever(ids)
                  : mailActions.move(ids, 'trash'));
                onClose();
              }}
              testId="trash"
            >
              <IconTrash size={20} />
            </Action>
          )}
        </Group>
      </Group>
      <Divider />
      <ScrollArea flex={1} type="auto">
        <Box p="lg">
          {/* a mail's own text reads in its own direction, whatever the page's (as in the list) */}
          <Title order={2} size="h3" mb="md" dir="auto" data-testid="mail-subject">
            {mail.subject || t('mail.list.noSubject')}
          </Title>
          <Group gap={6} mb="md">
            {mail.labelIds
              .map((id) => own.find((l) => l.id === id))
              .filter((l): l is MailLabel => Boolean(l))
              .map((l) => (
                <Badge key={l.id} color={l.color ?? undefined} variant="light">
                  {l.name}
                </Badge>
              ))}
          </Group>
          <Group align="flex-start" wrap="nowrap" mb="lg">
            <Avatar radius="xl" color="initials" name={mail.from.name || mail.from.email} />
            <Stack gap={2} flex={1} miw={0}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} size="sm">
                  {personLabel(mail.from)}{' '}
                  <Text span c="dimmed" size="xs">
                    <bdi>&lt;{mail.from.email}&gt;</bdi>
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFullDate(mail.sentAt ?? mail.createdAt, i18n.language)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {t('mail.details.to')}: {mail.to.map(personLabel).join(', ') || '—'}
              </Text>
              {mail.cc.length > 0 ? (
                <Text size="xs" c="dimmed" truncate>
                  {t('mail.details.cc')}: {mail.cc.map(personLabel).join(', ')}
                </Text>
              ) : null}
              {mail.bcc.length > 0 ? (
                <Text size="xs" c="dimmed" truncate>
                  {t('mail.details.bcc')}: {mail.bcc.map(personLabel).join(', ')}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <div
            className={classes.body}
            dir="auto"
            data-testid="mail-body"
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {mail.attachments.length > 0 ? (
            <Stack gap="xs" mt="xl">
              <Group gap={6}>
                <IconPaperclip size={16} />
                <Text size="sm" fw={600}>
                  {t('mail.details.attachments', { count: mail.attachments.length })}
                </Text>
              </Group>
              <Group gap="xs">
                {mail.attachments.map((a) => (
                  <Button
                    key={a.id}
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    onClick={() =>
                      void saveFile(a.id, a.fileName, t('mail.details.downloadFailed'))
                    }
                    data-testid="attachment"
                  >
                    {a.fileName} · {formatSize(a.size)}
                  </Button>
                ))}
              </Group>
            </Stack>
          ) : null}
        </Box>
      </ScrollArea>
    </Stack>
  );
}
