// The Ctrl+K palette (docs/pages.md#command-palette) on @mantine/spotlight: a search box over pages
// and the user's own data, grouped and ranked, with recent searches while the box is empty.
// Keyboard: arrows move, Enter opens (the first hit when none is chosen), Escape closes. Spotlight
// ships no ARIA, so the box is a combobox that owns a listbox of options, and the chosen option is
// its active descendant. Loaded on first use (the header button or the shortcut), never with the
// frame.
import '@mantine/spotlight/styles.layer.css';

import { CloseButton, Group, Kbd, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createSpotlightStore, Spotlight, useSpotlight, type SpotlightState, type SpotlightStore } from '@mantine/spotlight';
import { IconCloudOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useAuth } from '@/lib/auth/use-auth';

import classes from './command-palette.module.css';
import { hitHref } from './hit-href';
import { paletteGroups, type PaletteOption } from './palette-groups';
import { readRecent, rememberSearch } from './recent-searches';
import { usePaletteSearch } from './use-palette-search';

const optionId = (listId: string, index: number) => `${listId}-option-${index}`;
// the store's actions are not exported by the package at run time: its state is set directly
// (setState tells its subscribers; the package's own arrow keys change `selected` silently)
const update = (store: SpotlightStore, patch: Partial<SpotlightState>) => store.setState({ ...store.getState(), ...patch });

export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [store] = useState(createSpotlightStore);
  const { listId } = useSpotlight(store);
  const [selected, setSelected] = useState(-1);
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>(() => readRecent(user?.id));
  const results = usePaletteSearch(query, user ? { id: user.id, role: user.role } : null, opened);

  useEffect(() => {
    if (opened) {
      setQuery('');
      setRecent(readRecent(user?.id));
      update(store, { opened: true, selected: -1 });
    } else update(store, { opened: false });
  }, [opened, store, user?.id]);

  const groups = useMemo(() => paletteGroups(results, recent, t), [results, recent, t]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  // a new list: nothing chosen until an arrow key says so
  const optionKeys = options.map((o) => o.key).join('\n');
  useEffect(() => {
    update(store, { selected: -1 });
    setSelected(-1);
  }, [optionKeys, store]);

  const choose = (option: PaletteOption) => {
    if (option.type === 'recent') {
      setQuery(option.query);
      return;
    }
    setRecent(rememberSearch(user?.id, results.query));
    update(store, { opened: false });
    void navigate(option.type === 'page' ? option.path : hitHref(option.hit.target));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Spotlight quietly picks the first option on every keystroke of the query; what the user
      // has chosen is `selected`, so the arrow moves from there (not from Spotlight's pick, which
      // skipped the first option when typing on kept the same results)
      update(store, { selected });
      // Spotlight moves the choice right after this handler, without telling React
      queueMicrotask(() => setSelected(store.getState().selected));
    }
    // Enter with nothing chosen opens the first option; Spotlight's own pick is dropped so it
    // does not open another one as well
    if ((event.key === 'Enter' || event.nativeEvent.code === 'NumpadEnter') && selected === -1 && !results.loading && options[0]) {
      event.preventDefault();
      if (listId) document.getElementById(listId)?.querySelector('[data-selected]')?.removeAttribute('data-selected');
      choose(options[0]);
    }
  };

  const empty = results.query !== '' && !results.loading && options.length === 0;
  const activeId = selected >= 0 && selected < options.length ? optionId(listId, selected) : undefined;
  let index = -1;

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      closeOnActionTrigger={false}
      fullScreen={phone}
      size={640}
      scrollable
      maxHeight={phone ? 'calc(100dvh - 140px)' : 'min(60vh, 520px)'}
      classNames={{ content: classes.content, search: classes.search, action: classes.action, actionLabel: classes.text, actionDescription: classes.text }}
      data-testid="palette"
    >
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        leftSection={<IconSearch size={18} stroke={1.6} />}
        // full screen on a phone: no Escape key there, so a close button
        rightSection={phone ? <CloseButton onClick={() => update(store, { opened: false })} aria-label={t('common.actions.close')} /> : null}
        rightSectionPointerEvents="all"
        role="combobox"
        aria-label={t('palette.label')}
        aria-expanded={options.length > 0}
        aria-controls={listId || undefined}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
        onKeyDown={onKeyDown}
        data-testid="palette-input"
      />
      <Spotlight.ActionsList
        role="listbox"
        aria-label={t('palette.results')}
        data-testid="palette-results"
        data-answered={results.loading ? undefined : results.query}
      >
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.key} label={group.label} role="group" aria-label={group.label} data-testid={`palette-group-${group.key}`}>
            {group.options.map((option) => {
              index += 1;
              const current = index;
              return (
                <Spotlight.Action
                  key={option.key}
                  ref={(element: HTMLButtonElement | null) => {
                    // Spotlight.Action keeps its `id` prop to itself
                    if (element) element.id = optionId(listId, current);
                  }}
                  role="option"
                  aria-selected={selected === current}
                  label={option.label}
                  description={option.description}
                  leftSection={<option.icon size={20} stroke={1.6} aria-hidden />}
                  onClick={() => choose(option)}
                  data-testid="palette-option"
                  data-kind={option.type === 'hit' ? option.hit.kind : option.type}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
        {empty ? (
          <Spotlight.Empty data-testid="palette-empty">
            <Text fw={600}>{t('palette.empty', { query: results.query })}</Text>
            <Text size="sm" c="dimmed">
              {t('palette.emptyHint')}
            </Text>
          </Spotlight.Empty>
        ) : null}
        {!query.trim() && !recent.length ? (
          <Spotlight.Empty data-testid="palette-start">{t('palette.start')}</Spotlight.Empty>
        ) : null}
      </Spotlight.ActionsList>
      <Spotlight.Footer className={classes.footer}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={10} wrap="wrap" visibleFrom="sm" aria-hidden>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {t('palette.keys.move')}
            </Text>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Enter</Kbd> {t('palette.keys.open')}
            </Text>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Esc</Kbd> {t('palette.keys.close')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" role="status" aria-live="polite" data-testid="palette-status" data-source={results.source}>
            {results.loading ? (
              t('palette.loading')
            ) : results.query && results.source === 'device' ? (
              <Group component="span" gap={4} wrap="nowrap">
                <IconCloudOff size={14} aria-hidden />
                {t('palette.fromDevice')}
              </Group>
            ) : results.query ? (
              t('palette.count', { count: options.length })
            ) : null}
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
