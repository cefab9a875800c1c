import {
  ActionIcon,
  Box,
  Button,
  Group,
  SegmentedControl,
  Title,
  useDirection,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { Hint } from '@/components/ui/hint';

import { CALENDAR_VIEWS, type CalendarViewName } from './calendar-view';

interface CalendarToolbarProps {
  title: string;
  view: CalendarViewName;
  onView: (view: CalendarViewName) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  /** phones: the title gets its own line */
  compact?: boolean;
}

export function CalendarToolbar({
  title,
  view,
  onView,
  onPrev,
  onNext,
  onToday,
  compact = false,
}: CalendarToolbarProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  // "previous" points back in reading order: right in Arabic
  const Back = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const Forward = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const heading = (
    <Title
      order={2}
      size="h4"
      aria-live="polite"
      data-testid="calendar-title"
      style={{ flex: '1 1 auto', minWidth: 0 }}
    >
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="calendar-toolbar">
      {compact ? <Box w="100%">{heading}</Box> : null}
      <Group gap={6} wrap="nowrap" style={{ flex: compact ? '0 0 auto' : '1 1 auto', minWidth: 0 }}>
        <Hint label={t('calendar.toolbar.previous')}>
          {(describedBy) => (
            <ActionIcon
              variant="default"
              size="lg"
              onClick={onPrev}
              aria-label={t('calendar.toolbar.previous')}
              aria-describedby={describedBy}
            >
              <Back size={18} />
            </ActionIcon>
          )}
        </Hint>
        <Button variant="default" onClick={onToday} style={{ flexShrink: 0 }}>
          {t('calendar.toolbar.today')}
        </Button>
        <Hint label={t('calendar.toolbar.next')}>
          {(describedBy) => (
            <ActionIcon
              variant="default"
              size="lg"
              onClick={onNext}
              aria-label={t('calendar.toolbar.next')}
              aria-describedby={describedBy}
            >
              <Forward size={18} />
            </ActionIcon>
          )}
        </Hint>
        {compact ? null : (
          <Box ms="xs" style={{ minWidth: 0 }}>
            {heading}
          </Box>
        )}
      </Group>
      <SegmentedControl
        size={compact ? 'xs' : 'sm'}
        value={view}
        onChange={(value) => onView(value)}
        aria-label={t('calendar.toolbar.view')}
        data={(Object.keys(CALENDAR_VIEWS) as CalendarViewName[]).map((name) => ({
          value: name,
          label: t(`calendar.views.${name}`),
        }))}
      />
    </Group>
  );
}
