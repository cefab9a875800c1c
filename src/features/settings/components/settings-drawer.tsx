import {
  ActionIcon,
  CheckIcon,
  ColorSwatch,
  Drawer,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { PRESETS, type Settings } from '@/lib/settings/settings-store';
import { PRESET_MAIN } from '@/lib/settings/theme';
import { useSettings } from '@/lib/settings/use-settings';

import classes from './settings-drawer.module.css';

interface SegmentProps<K extends keyof Settings> {
  name: K;
  values: readonly Settings[K][];
}

function SettingSegment<K extends 'mode' | 'direction' | 'layout' | 'contrast'>({ name, values }: SegmentProps<K>) {
  const { t } = useTranslation();
  const { settings, setSetting } = useSettings();
  const labelId = `setting-${name}`;
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={600}>
        {t(`settings.${name}.label`)}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={labelId}
        value={settings[name]}
        onChange={(value) => setSetting(name, value)}
        data={values.map((value) => ({ value, label: t(`settings.${name}.${value}`) }))}
        data-testid={`setting-${name}`}
      />
    </Stack>
  );
}

export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, setSetting, reset, canReset } = useSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={settings.direction === 'rtl' ? 'left' : 'right'}
      size={340}
      title={
        <Group gap="xs">
          <Text fw={700} fz="lg">
            {t('settings.title')}
          </Text>
          <Tooltip label={t('settings.reset')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={reset}
              disabled={!canReset}
              aria-label={t('settings.reset')}
              data-testid="settings-reset"
            >
              <IconRestore size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
      data-testid="settings-drawer"
    >
      <Stack gap="lg">
        <SettingSegment name="mode" values={['light', 'dark']} />
        <SettingSegment name="contrast" values={['default', 'bold']} />
        <SettingSegment name="direction" values={['ltr', 'rtl']} />
        <SettingSegment name="layout" values={['vertical', 'mini']} />
        <Switch
          label={t('settings.stretch.label')}
          description={t('settings.stretch.description')}
          checked={settings.stretch}
          onChange={(event) => setSetting('stretch', event.currentTarget.checked)}
          data-testid="setting-stretch"
        />
        <Stack gap={6}>
          <Text id="setting-preset" size="sm" fw={600}>
            {t('settings.preset.label')}
          </Text>
          <SimpleGrid cols={3} spacing="xs" role="radiogroup" aria-labelledby="setting-preset">
            {PRESETS.map((preset) => {
              const checked = settings.preset === preset;
              return (
                <UnstyledButton
                  key={preset}
                  role="radio"
                  aria-checked={checked}
                  aria-label={t(`settings.preset.${preset}`)}
                  className={classes.preset}
                  data-checked={checked || undefined}
                  onClick={() => setSetting('preset', preset)}
                  data-testid={`preset-${preset}`}
                >
                  <ColorSwatch color={PRESET_MAIN[preset]} size={28} component="span">
                    {checked ? <CheckIcon size={12} color="#fff" /> : null}
                  </ColorSwatch>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Drawer>
  );
}
