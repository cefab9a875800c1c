// The header's search button and the Ctrl+K / Cmd+K shortcut (anywhere in the dashboard, also
// inside a text field). The palette itself loads on first use, so the frame carries only this.
import { ActionIcon, Box, Kbd, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Hint } from '@/components/ui/hint';

import classes from './palette-button.module.css';

const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function PaletteButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  useHotkeys([['mod+K', () => (opened ? close() : open())]], [], true);
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K';
  const label = t('palette.open');

  return (
    <>
      <Box hiddenFrom="sm">
        <Hint label={`${label} (${shortcut})`} position="bottom">
          {(describedBy) => (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={open}
              aria-label={label}
              aria-describedby={describedBy}
              aria-haspopup="dialog"
              aria-keyshortcuts="Control+K Meta+K"
              data-testid="palette-button-compact"
            >
              <IconSearch size={22} />
            </ActionIcon>
          )}
        </Hint>
      </Box>
      <UnstyledButton
        visibleFrom="sm"
        className={classes.button}
        onClick={open}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="palette-button"
      >
        <IconSearch size={16} aria-hidden />
        <span className={classes.label}>{label}</span>
        <Kbd size="xs" className={classes.kbd} aria-hidden>
          {shortcut}
        </Kbd>
      </UnstyledButton>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPalette opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
