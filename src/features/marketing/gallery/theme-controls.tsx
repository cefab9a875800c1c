import { ColorSwatch, Group, SegmentedControl, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { LanguageSelect } from '@/components/ui/language-select';
import { PRESETS } from '@/lib/settings/settings-store';
import { PRESET_MAIN } from '@/lib/settings/theme';
import { useSettings } from '@/lib/settings/use-settings';

/** The theme settings of docs/product-rules.md, applied to the whole page (and kept in their cookie). */
export function ThemeControls() {
  const { t } = useTranslation();
  const { settings, setSetting } = useSettings();
  return (
    <Group gap="xl" align="flex-end" justify="center">
      <Stack gap={6}>
        <Text size="sm" fw={600} id="gallery-theme">
          {t('marketing.gallery.theme')}
        </Text>
        <SegmentedControl
          aria-labelledby="gallery-theme"
          value={settings.mode}
          onChange={(mode) => setSetting('mode', mode === 'dark' ? 'dark' : 'light')}
          data={[
            { value: 'light', label: t('marketing.gallery.light') },
            { value: 'dark', label: t('marketing.gallery.dark') },
          ]}
        />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600} id="gallery-colour">
          {t('marketing.gallery.colour')}
        </Text>
        <Group gap={8} role="radiogroup" aria-labelledby="gallery-colour" h={36}>
          {PRESETS.map((preset) => (
            <UnstyledButton
              key={preset}
              role="radio"
              aria-checked={settings.preset === preset}
              onClick={() => setSetting('preset', preset)}
              title={t(`marketing.gallery.colourNames.${preset}`)}
            >
              <ColorSwatch color={PRESET_MAIN[preset]} size={28}>
                {settings.preset === preset ? <IconCheck size={16} color="#fff" aria-hidden="true" /> : null}
              </ColorSwatch>
              <VisuallyHidden>{t(`marketing.gallery.colourNames.${preset}`)}</VisuallyHidden>
            </UnstyledButton>
          ))}
        </Group>
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('marketing.gallery.language')}
        </Text>
        <LanguageSelect />
      </Stack>
    </Group>
  );
}
