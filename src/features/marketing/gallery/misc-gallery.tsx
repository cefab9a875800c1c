import { ActionIcon, AspectRatio, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconHeart, IconMail, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RouteProgress } from '@/components/feedback/route-progress';
import { Hint } from '@/components/ui/hint';
import { Logo } from '@/components/ui/logo';
import { formatNumber } from '@/lib/i18n';

import { GallerySection } from './gallery-section';
import classes from './gallery.module.css';

export function CardsGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-cards" title={t('marketing.gallery.cards')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <Card withBorder radius="md" padding="sm">
          <Card.Section>
            <AspectRatio ratio={16 / 9}>
              <Box className={classes.thumbnail}>
                <IconPlayerPlayFilled size={36} color="#fff" aria-hidden="true" />
              </Box>
            </AspectRatio>
          </Card.Section>
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600} lineClamp={1}>
                {t('marketing.gallery.cardVideo')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('marketing.gallery.cardVideoMeta')}
              </Text>
            </Stack>
            <ActionIcon variant="subtle" color="red" aria-label={t('marketing.gallery.favourite')}>
              <IconHeart size={18} />
            </ActionIcon>
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('marketing.gallery.cardStat')}
              </Text>
              <Text fz={32} fw={800} lh={1}>
                {formatNumber(27)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('marketing.gallery.cardStatHint')}
              </Text>
            </Stack>
            <Box className={classes.statIcon} aria-hidden="true">
              <IconMail size={22} />
            </Box>
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>{t('marketing.gallery.logo')}</Text>
            <Logo />
            <Logo withName={false} />
          </Stack>
        </Card>
      </SimpleGrid>
    </GallerySection>
  );
}

export function HintAndProgressGallery() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <GallerySection id="gallery-hint" title={t('marketing.gallery.hint')} description={t('marketing.gallery.hintBody')}>
        <Group pt="lg">
          <Hint label={t('marketing.gallery.hintLabel')}>
            {(describedBy) => (
              <Button variant="default" leftSection={<IconCloudCheck size={18} aria-hidden="true" />} aria-describedby={describedBy}>
                {t('marketing.gallery.hintTarget')}
              </Button>
            )}
          </Hint>
        </Group>
      </GallerySection>
      <GallerySection id="gallery-progress" title={t('marketing.gallery.progress')} description={t('marketing.gallery.progressBody')}>
        <RouteProgress busy={busy} />
        <Group>
          <Button onClick={() => setBusy(true)} disabled={busy}>
            {t('marketing.gallery.progressStart')}
          </Button>
          <Button variant="default" onClick={() => setBusy(false)} disabled={!busy}>
            {t('marketing.gallery.progressStop')}
          </Button>
          {busy ? <Badge variant="light">{t('marketing.gallery.loading')}</Badge> : null}
        </Group>
      </GallerySection>
    </SimpleGrid>
  );
}
