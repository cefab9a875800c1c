import {
  Badge,
  Button,
  ColorSwatch,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconAlertOctagon,
  IconFile,
  IconInbox,
  IconLabel,
  IconMail,
  IconPencil,
  IconSend,
  IconStar,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { MailLabel } from '../../../../server/contracts/mail';
import { NewLabelButton } from './new-label-button';

const ICONS: Record<string, ReactNode> = {
  all: <IconMail size={18} />,
  inbox: <IconInbox size={18} />,
  sent: <IconSend size={18} />,
  drafts: <IconFile size={18} />,
  starred: <IconStar size={18} />,
  important: <IconLabel size={18} />,
  spam: <IconAlertOctagon size={18} />,
  trash: <IconTrash size={18} />,
};

function LabelLink({
  label,
  active,
  onSelect,
}: {
  label: MailLabel;
  active: boolean;
  onSelect: (labelId: string) => void;
}) {
  const { t } = useTranslation();
  const custom = label.type === 'custom';
  const count = label.id === 'drafts' ? label.totalCount : label.unreadCount;
  return (
    <NavLink
      component="button"
      active={active}
      onClick={() => onSelect(label.id)}
      label={custom ? label.name : t(`mail.labels.${label.id}`)}
      aria-current={active ? 'page' : undefined}
      data-testid={`label-${custom ? label.name : label.id}`}
      leftSection={
        custom ? (
          <ColorSwatch color={label.color ?? 'gray'} size={14} aria-hidden="true" />
        ) : (
          (ICONS[label.id] ?? <IconTag size={18} />)
        )
      }
      rightSection={
        count > 0 ? (
          <Badge size="sm" variant={active ? 'filled' : 'light'} circle={count < 10}>
            {count}
          </Badge>
        ) : null
      }
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

interface MailLabelsProps {
  labels: MailLabel[] | undefined;
  active: string;
  onSelect: (labelId: string) => void;
  onCompose: () => void;
}

export function MailLabels({ labels, active, onSelect, onCompose }: MailLabelsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" h="100%">
      <Button
        leftSection={<IconPencil size={18} />}
        onClick={onCompose}
        fullWidth
        data-testid="compose-button"
      >
        {t('mail.compose.open')}
      </Button>
      <ScrollArea flex={1} type="auto">
        <nav aria-label={t('mail.labels.title')}>
          {!labels || labels.length === 0 ? (
            <Stack gap={6} data-testid="labels-loading">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} h={36} radius="sm" />
              ))}
            </Stack>
          ) : (
            labels
              .filter((l) => l.type === 'system')
              .map((label) => (
                <LabelLink
                  key={label.id}
                  label={label}
                  active={label.id === active}
                  onSelect={onSelect}
                />
              ))
          )}
        </nav>
        {labels && labels.length > 0 ? (
          <>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="md" mb={4} px="xs">
              {t('mail.labels.own')}
            </Text>
            {labels
              .filter((l) => l.type === 'custom')
              .map((label) => (
                <LabelLink
                  key={label.id}
                  label={label}
                  active={label.id === active}
                  onSelect={onSelect}
                />
              ))}
            <NewLabelButton />
          </>
        ) : null}
      </ScrollArea>
    </Stack>
  );
}
