import '@mantine/dropzone/styles.layer.css';

import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Pill,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconArrowsDiagonal,
  IconArrowsDiagonalMinimize2,
  IconDeviceFloppy,
  IconMinus,
  IconPaperclip,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { VerifyEmailNotice } from '@/components/feedback/verify-email-notice';
import { RichTextEditor } from '@/components/ui/rich-text-editor';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

import { MAX_ATTACHMENT_BYTES } from '../../../../server/contracts/mail';
import { isValidEmail } from '../../../../server/contracts/user';
import { saveDraft, sendMail, uploadAttachment } from '../api/mail-api';
import {
  dropLocalDraft,
  isLocalDraftId,
  keepLocalDraft,
  type ComposeDraft,
} from '../local/compose-draft';
import { storeMails } from '../local/mail-store';
import { formatSize } from './mail-format';
import classes from './mail.module.css';

interface MailComposeProps {
  initial: ComposeDraft;
  suggestions: string[];
  onClose: () => void;
}

type Uploading = { key: string; fileName: string };

export function MailCompose({ initial, suggestions, onClose }: MailComposeProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [draft, setDraft] = useState<ComposeDraft>(initial);
  const [showCc, setShowCc] = useState(initial.cc.length > 0 || initial.bcc.length > 0);
  const [minimized, setMinimized] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'send' | 'save' | null>(null);
  const me = { name: user ? `${user.firstName} ${user.lastName}` : '', email: user?.email ?? '' };
  const set = <K extends keyof ComposeDraft>(key: K, value: ComposeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const addresses = (key: 'to' | 'cc' | 'bcc') => (value: string[]) =>
    set(key, value.map((v) => v.trim().toLowerCase()).filter(Boolean));

  const payload = () => ({
    draftId: isLocalDraftId(draft.draftId) ? undefined : draft.draftId,
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    subject: draft.subject,
    body: draft.body,
    attachmentIds: draft.attachments.map((a) => a.id),
    inReplyToMailId: draft.inReplyToMailId,
  });

  async function keepOffline() {
    const id = await keepLocalDraft(draft, me);
    setDraft((d) => ({ ...d, draftId: id }));
    notify.warning(t('mail.offline.sendRefused'), { autoClose: 6000 });
  }

  async function send() {
    const bad = [...draft.to, ...draft.cc, ...draft.bcc].filter((a) => !isValidEmail(a));
    if (draft.to.length + draft.cc.length + draft.bcc.length === 0)
      return setErrors({ to: t('mail.compose.needRecipient') });
    if (bad.length > 0)
      return setErrors({ to: t('mail.compose.badAddress', { list: bad.join(', ') }) });
    setErrors({});
    if (!navigator.onLine) return keepOffline();
    setBusy('send');
    try {
      const { mail } = await sendMail(payload());
      await storeMails([mail]);
      await dropLocalDraft(draft);
      notify.success(t('mail.compose.sent'));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError)
        setErrors(
          error.fields.to || error.fields.cc || error.fields.bcc
            ? error.fields
            : { _: error.message },
        );
      else await keepOffline();
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!navigator.onLine) {
      await keepLocalDraft(draft, me).then((id) => setDraft((d) => ({ ...d, draftId: id })));
      notify.info(t('mail.compose.savedOnDevice'));
      return;
    }
    setBusy('save');
    try {
      const { mail } = await saveDraft(payload());
      await storeMails([mail]);
      await dropLocalDraft(draft);
      setDraft((d) => ({ ...d, draftId: mail.id }));
      notify.success(t('mail.compose.saved'));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields);
      else {
        await keepLocalDraft(draft, me).then((id) => setDraft((d) => ({ ...d, draftId: id })));
        notify.info(t('mail.compose.savedOnDevice'));
      }
    } finally {
      setBusy(null);
    }
  }

  async function attach(files: File[]) {
    if (!navigator.onLine) return notify.warning(t('mail.offline.uploadRefused'));
    for (const file of files) {
      if (file.size > MAX_ATTACHMENT_BYTES) {
        notify.error(t('mail.compose.tooBig', { name: file.name }));
        continue;
      }
      const key = crypto.randomUUID();
      setUploading((u) => [...u, { key, fileName: file.name }]);
      try {
        const { attachment } = await uploadAttachment(file);
        setDraft((d) => ({ ...d, attachments: [...d.attachments, attachment] }));
      } catch (error) {
        notify.error(
          error instanceof ApiRequestError ? error.message : t('mail.offline.uploadRefused'),
        );
      } finally {
        setUploading((u) => u.filter((x) => x.key !== key));
      }
    }
  }

  const title = draft.subject || t('mail.compose.title');
  return (
    <Paper
      shadow="xl"
      withBorder
      className={classes.compose}
      data-expanded={expanded || undefined}
      role="dialog"
      aria-label={t('mail.compose.title')}
      data-testid="compose"
    >
      <div className={classes.composeHeader}>
        <Text fw={600} size="sm" truncate>
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t(minimized ? 'mail.compose.restore' : 'mail.compose.minimize')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setMinimized((m) => !m)}
              aria-label={t(minimized ? 'mail.compose.restore' : 'mail.compose.minimize')}
            >
              <IconMinus size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t(expanded ? 'mail.compose.shrink' : 'mail.compose.expand')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => {
                setExpanded((e) => !e);
                setMinimized(false);
              }}
              aria-label={t(expanded ? 'mail.compose.shrink' : 'mail.compose.expand')}
            >
              {expanded ? (
                <IconArrowsDiagonalMinimize2 size={18} />
              ) : (
                <IconArrowsDiagonal size={18} />
              )}
            </ActionIcon>
          </Tooltip>
          <CloseButton onClick={onClose} aria-label={t('mail.compose.close')} />
        </Group>
      </div>
      {minimized ? null : (
        <Stack gap="xs" p="sm" flex={1} mih={0} style={{ overflow: 'auto' }}>
          <VerifyEmailNotice message={t('mail.compose.verifyToSend')} />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TagsInput
              flex={1}
              label={t('mail.compose.to')}
              placeholder={draft.to.length ? undefined : t('mail.compose.addressHint')}
              value={draft.to}
              onChange={addresses('to')}
              data={suggestions}
              splitChars={[',', ' ', ';']}
              acceptValueOnBlur
              clearable
              error={errors.to}
              data-testid="compose-to"
              comboboxProps={{ withinPortal: true, zIndex: 400 }}
            />
            {showCc ? null : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                mt={28}
                onClick={() => setShowCc(true)}
              >
                {t('mail.compose.ccBcc')}
              </Anchor>
            )}
          </Group>
          {showCc ? (
            <>
              <TagsInput
                label={t('mail.compose.cc')}
                value={draft.cc}
                onChange={addresses('cc')}
                data={suggestions}
                splitChars={[',', ' ', ';']}
                acceptValueOnBlur
                error={errors.cc}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
              />
              <TagsInput
                label={t('mail.compose.bcc')}
                value={draft.bcc}
                onChange={addresses('bcc')}
                data={suggestions}
                splitChars={[',', ' ', ';']}
                acceptValueOnBlur
                error={errors.bcc}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
              />
            </>
          ) : null}
          <TextInput
            label={t('mail.compose.subject')}
            value={draft.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={errors.subject}
            data-testid="compose-subject"
          />
          <RichTextEditor
            label={t('mail.compose.body')}
            initialHtml={initial.body}
            onChange={(body) => setDraft((d) => ({ ...d, body }))}
            className={classes.editor}
            contentTestId="compose-body"
          />
          <Dropzone
            onDrop={(files) => void attach(files)}
            maxSize={MAX_ATTACHMENT_BYTES}
            p="xs"
            radius="md"
            data-testid="compose-dropzone"
            activateOnClick
          >
            <Group gap="xs" justify="center" mih={36} style={{ pointerEvents: 'none' }}>
              <IconPaperclip size={18} />
              <Text size="sm" c="dimmed">
                {t('mail.compose.dropFiles')}
              </Text>
            </Group>
          </Dropzone>
          {draft.attachments.length + uploading.length > 0 ? (
            <Group gap={6}>
              {draft.attachments.map((a) => (
                <Pill
                  key={a.id}
                  withRemoveButton
                  onRemove={() =>
                    set(
                      'attachments',
                      draft.attachments.filter((x) => x.id !== a.id),
                    )
                  }
                  removeButtonProps={{
                    'aria-label': t('mail.compose.removeFile', { name: a.fileName }),
                  }}
                >
                  {a.fileName} · {formatSize(a.size)}
                </Pill>
              ))}
              {uploading.map((u) => (
                <Pill key={u.key}>
                  <Group gap={4} wrap="nowrap">
                    <Loader size={10} />
                    {u.fileName}
                  </Group>
                </Pill>
              ))}
            </Group>
          ) : null}
          {errors._ ? (
            <Text c="red" size="sm" role="alert">
              {errors._}
            </Text>
          ) : null}
          <Group justify="space-between" mt="auto">
            <Group gap={4}>
              <Tooltip label={t('mail.compose.discard')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('mail.compose.discard')}
                  onClick={() => {
                    void dropLocalDraft(draft);
                    onClose();
                  }}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('mail.compose.saveDraft')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  loading={busy === 'save'}
                  aria-label={t('mail.compose.saveDraft')}
                  onClick={() => void save()}
                >
                  <IconDeviceFloppy size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Button
              rightSection={<IconSend size={16} className={classes.flip} />}
              loading={busy === 'send'}
              disabled={uploading.length > 0}
              onClick={() => void send()}
              data-testid="compose-send"
            >
              {t('mail.compose.send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
