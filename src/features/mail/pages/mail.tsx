import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Loader,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import {
  IconCloudOff,
  IconMailOpened,
  IconMenu2,
  IconPencil,
  IconRefresh,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';

import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { Hint } from '@/components/ui/hint';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { idlePart, usePreloadAfterPaint } from '@/lib/idle-part';

import type { Mail } from '../../../../server/contracts/mail';
import type { ComposeMode } from '../components/mail-details';
import { MailLabels } from '../components/mail-labels';
import { MailList, MailListSkeleton } from '../components/mail-list';
import classes from '../components/mail.module.css';
import { draftFromMail, emptyDraft, replyDraft, type ComposeDraft } from '../local/compose-draft';
import {
  ROWS_PER_READ,
  useAddressSuggestions,
  useMailLabels,
  useMailList,
  useStoredMail,
} from '../local/mail-store';
import { mailActions } from '../local/use-mail-actions';
import { useMailSync } from '../local/use-mail-sync';

// the open message (with its HTML sanitiser) loads once the list has painted; the compose window
// (rich text editor, dropzone) when first opened
const mailDetails = idlePart(() => import('../components/mail-details').then((m) => m.MailDetails));
const mailCompose = idlePart(() => import('../components/mail-compose').then((m) => m.MailCompose));

export default function MailPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  // below 80em the labels pane becomes a drawer; below 62em the message too. Read before the
  // first render: a first render for a wide screen would build the panes a phone never shows
  const phone = useMediaQuery('(max-width: 62em)', undefined, { getInitialValueInEffect: false });
  const compact = useMediaQuery('(max-width: 80em)', undefined, { getInitialValueInEffect: false });
  const defaultLabel = location.pathname === paths.dashboard.mail.all.path ? 'all' : 'inbox';
  const labelId = params.get('label') ?? defaultLabel;
  const mailId = params.get('id');
  const search = params.get('q') ?? '';
  const [searchText, setSearchText] = useState(search);
  const [labelsOpen, setLabelsOpen] = useState(false);
  // the drawers are built when first opened, then kept (their closing animation plays)
  const [labelsDrawerUsed, setLabelsDrawerUsed] = useState(false);
  if (labelsOpen && !labelsDrawerUsed) setLabelsDrawerUsed(true);
  const [mailDrawerUsed, setMailDrawerUsed] = useState(false);
  if (phone && mailId && !mailDrawerUsed) setMailDrawerUsed(true);
  const [compose, setCompose] = useState<{ key: number; draft: ComposeDraft } | null>(null);

  const sync = useMailSync(labelId, search);
  const labels = useMailLabels();
  // the list reads the first screen's mails, then more as it scrolls (per label and search)
  const listKey = `${labelId}\n${search}`;
  const [rowCount, setRowCount] = useState({ key: listKey, count: ROWS_PER_READ });
  const wanted = rowCount.key === listKey ? rowCount.count : ROWS_PER_READ;
  const list = useMailList(labelId, search, wanted);
  const readMore = useCallback((count: number) => setRowCount({ key: listKey, count }), [listKey]);
  const selected = useStoredMail(mailId);
  usePreloadAfterPaint(list !== undefined, mailDetails);

  const update = useCallback(
    (change: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  const pushSearch = useDebouncedCallback(
    (q: string) => update({ q: q.trim() || null, id: null }),
    300,
  );

  const openCompose = (draft: ComposeDraft) => setCompose({ key: Date.now(), draft });
  const open = useCallback(
    (mail: Mail) => {
      if (mail.isDraft) {
        openCompose(draftFromMail(mail));
        return;
      }
      update({ id: mail.id });
      if (!mail.isRead && navigator.onLine) void mailActions.setRead([mail.id], true);
    },
    [update],
  );
  const toggleStar = useCallback(
    (mail: Mail) => void mailActions.setStarred([mail.id], !mail.isStarred),
    [],
  );
  const reply = (mode: ComposeMode, mail: Mail) => {
    const heading = t('mail.compose.quoteHeading', {
      name: mail.from.name || mail.from.email,
      date: new Date(mail.sentAt ?? mail.createdAt).toLocaleString(i18n.language),
    });
    openCompose(replyDraft(mode, mail, user?.email ?? '', heading));
  };

  const suggestions = useAddressSuggestions(compose !== null, user?.email);

  const currentLabel = labels?.find((l) => l.id === labelId);
  const labelName = currentLabel
    ? currentLabel.type === 'custom'
      ? currentLabel.name
      : t(`mail.labels.${currentLabel.id}`)
    : t(`mail.labels.${labelId}`, { defaultValue: t('mail.labels.title') });

  const labelsPane = (
    <MailLabels
      labels={labels}
      active={labelId}
      onSelect={(id) => {
        update({ label: id === defaultLabel ? null : id, id: null });
        setLabelsOpen(false);
      }}
      onCompose={() => {
        setLabelsOpen(false);
        openCompose(emptyDraft());
      }}
    />
  );

  const listBody = (() => {
    const count = list?.ids.length ?? 0;
    if (sync.error && count === 0)
      return (
        <Box p="md">
          <ErrorState error={sync.error} onRetry={() => void sync.refresh()} />
        </Box>
      );
    if (!list || (count === 0 && sync.loading)) return <MailListSkeleton />;
    if (count === 0)
      return search ? (
        <EmptyState
          title={t('mail.empty.searchTitle')}
          description={t('mail.empty.searchText', { search })}
          icon={<IconSearch size={28} />}
        />
      ) : (
        <EmptyState
          title={t('mail.empty.title', { label: labelName })}
          description={t('mail.empty.text')}
          icon={<IconMailOpened size={28} />}
          action={
            <Text
              component="button"
              type="button"
              c="anchor"
              size="sm"
              bg="none"
              bd="none"
              style={{ cursor: 'pointer' }}
              onClick={() => openCompose(emptyDraft())}
            >
              {t('mail.compose.open')}
            </Text>
          }
        />
      );
    return (
      <MailList
        ids={list.ids}
        rows={list.rows}
        onReadMore={readMore}
        selectedId={mailId}
        labelId={labelId}
        onOpen={open}
        onToggleStar={toggleStar}
      />
    );
  })();

  const details =
    selected && mailId ? (
      <mailDetails.Part
        wanted
        mail={selected}
        labels={labels ?? []}
        onBack={phone ? () => update({ id: null }) : undefined}
        onClose={() => update({ id: null })}
        onCompose={reply}
        onEditDraft={(m) => openCompose(draftFromMail(m))}
      />
    ) : mailId && selected === null ? (
      <EmptyState title={t('mail.details.missing')} description={t('mail.details.missingText')} />
    ) : (
      <EmptyState
        title={t('mail.details.noneTitle')}
        description={t('mail.details.noneText')}
        icon={<IconMailOpened size={28} />}
      />
    );

  return (
    <Box data-testid="mail-page">
      {/* a narrow screen puts the offline notice and compose under the title, never over it */}
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {compact ? (
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => setLabelsOpen(true)}
              aria-label={t('mail.labels.open')}
            >
              <IconMenu2 size={18} />
            </ActionIcon>
          ) : null}
          <Title order={1} size="h3">
            {t('mail.title')}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {sync.offline ? (
            <Alert
              variant="light"
              color="gray"
              icon={<IconCloudOff size={16} />}
              p={6}
              role="status"
              data-testid="mail-offline"
            >
              <Text size="xs">{t('mail.offline.banner')}</Text>
            </Alert>
          ) : null}
          {compact ? (
            // the labels pane (with its compose button) is a drawer here: compose stays one tap away
            <Button
              size="sm"
              leftSection={<IconPencil size={16} />}
              onClick={() => openCompose(emptyDraft())}
              data-testid="compose-button"
            >
              {t('mail.compose.open')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <div className={classes.layout}>
        {compact ? null : (
          <div className={`${classes.pane} ${classes.labelsPane}`}>{labelsPane}</div>
        )}
        <div className={classes.pane}>
          <Group p="xs" gap={6} wrap="nowrap">
            <TextInput
              flex={1}
              size="sm"
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                pushSearch(e.currentTarget.value);
              }}
              placeholder={t('mail.search.placeholder', { label: labelName })}
              aria-label={t('mail.search.label')}
              leftSection={sync.searching ? <Loader size={14} /> : <IconSearch size={16} />}
              rightSection={
                searchText ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('mail.search.clear')}
                    onClick={() => {
                      setSearchText('');
                      update({ q: null });
                    }}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                ) : null
              }
              data-testid="mail-search"
            />
            <Hint label={t('mail.actions.refresh')} hidden={sync.offline}>
              {(describedBy) => (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('mail.actions.refresh')}
                  aria-describedby={describedBy}
                  onClick={() => void sync.refresh()}
                  disabled={sync.offline}
                >
                  <IconRefresh size={18} />
                </ActionIcon>
              )}
            </Hint>
          </Group>
          <Text size="xs" c="dimmed" px="sm" pb={4}>
            {labelName}
            {list ? ` · ${t('mail.list.count', { count: list.ids.length })}` : ''}
          </Text>
          {list && list.ids.length > 0 ? (
            listBody
          ) : (
            <div className={classes.listScroll}>{listBody}</div>
          )}
        </div>
        {phone ? null : <div className={classes.pane}>{details}</div>}
      </div>

      {compact && labelsDrawerUsed ? (
        <Drawer
          opened={labelsOpen}
          onClose={() => setLabelsOpen(false)}
          title={t('mail.labels.title')}
          size={300}
        >
          {labelsPane}
        </Drawer>
      ) : null}
      {phone && mailDrawerUsed ? (
        <Drawer
          opened={Boolean(mailId)}
          onClose={() => update({ id: null })}
          position="right"
          size="100%"
          withCloseButton={false}
          padding={0}
          aria-label={t('mail.details.title')}
        >
          <Box h="100dvh">{details}</Box>
        </Drawer>
      ) : null}

      {compose ? (
        <mailCompose.Part
          wanted
          key={compose.key}
          initial={compose.draft}
          suggestions={suggestions}
          onClose={() => setCompose(null)}
        />
      ) : null}
    </Box>
  );
}
