import { Alert, Badge, Button, Checkbox, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { GallerySection } from './gallery-section';

const BUTTON_VARIANTS = ['filled', 'light', 'outline', 'subtle', 'default'] as const;
const ALERTS = [
  { kind: 'info', color: 'blue', icon: IconInfoCircle },
  { kind: 'success', color: 'green', icon: IconCircleCheck },
  { kind: 'warning', color: 'orange', icon: IconAlertTriangle },
  { kind: 'error', color: 'red', icon: IconCircleX },
] as const;
const BADGES = [
  { kind: 'public', color: 'green' },
  { kind: 'members', color: 'blue' },
  { kind: 'private', color: 'gray' },
  { kind: 'offline', color: 'orange' },
  { kind: 'new', color: undefined },
] as const;

export function ButtonsGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-buttons" title={t('marketing.gallery.buttons')}>
      <Group gap="sm">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {t(`marketing.gallery.buttonVariants.${variant}`)}
          </Button>
        ))}
        <Button leftSection={<IconDownload size={18} aria-hidden="true" />} variant="light">
          CSV
        </Button>
        <Button disabled>{t('marketing.gallery.disabled')}</Button>
        <Button loading loaderProps={{ 'aria-label': t('marketing.gallery.loadingButton') }}>
          {t('marketing.gallery.loadingButton')}
        </Button>
      </Group>
    </GallerySection>
  );
}

export function InputsGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-inputs" title={t('marketing.gallery.inputs')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('marketing.gallery.textInput')} placeholder={t('marketing.gallery.textPlaceholder')} />
        <PasswordInput label={t('marketing.gallery.passwordInput')} defaultValue="clipdeck-demo" />
        <NativeSelect
          label={t('marketing.gallery.selectInput')}
          data={[
            { value: 'premiereDate', label: t('marketing.gallery.sortPremiere') },
            { value: 'virality', label: t('marketing.gallery.sortVirality') },
            { value: 'newest', label: t('marketing.gallery.sortNewest') },
          ]}
        />
        <TextInput label={t('marketing.gallery.errorInput')} defaultValue="ada@" error={t('marketing.gallery.errorInputMessage')} />
        <Stack gap="sm" justify="center">
          <Checkbox label={t('marketing.gallery.checkbox')} defaultChecked />
          <Switch label={t('marketing.gallery.switch')} />
        </Stack>
      </SimpleGrid>
    </GallerySection>
  );
}

export function AlertsGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-alerts" title={t('marketing.gallery.alerts')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {ALERTS.map(({ kind, color, icon: Icon }) => (
          <Alert key={kind} color={color} variant="light" icon={<Icon size={20} />} title={t(`marketing.gallery.alertTitles.${kind}`)}>
            {t(`marketing.gallery.alertBodies.${kind}`)}
          </Alert>
        ))}
      </SimpleGrid>
    </GallerySection>
  );
}

export function BadgesGallery() {
  const { t } = useTranslation();
  return (
    <GallerySection id="gallery-badges" title={t('marketing.gallery.badges')}>
      <Group gap="sm">
        {BADGES.map(({ kind, color }) => (
          <Badge key={kind} color={color} variant="light" size="lg">
            {t(`marketing.gallery.badgeSamples.${kind}`)}
          </Badge>
        ))}
        <Badge variant="filled" size="lg">
          12
        </Badge>
        <Badge variant="outline" size="lg">
          4K
        </Badge>
      </Group>
    </GallerySection>
  );
}
