import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { cloneElement } from 'react';
import { useTranslation } from 'react-i18next';

import { Hint } from './hint';
import { useIntent } from './use-intent';

const loadMenu = () => import('./language-menu');

/** The five languages; Arabic also turns the page right-to-left. The menu loads on intent. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { loaded, triggerProps, triggerRef, intent } = useIntent(loadMenu);
  return (
    <Hint label={t('common.language')} position="bottom">
      {(describedBy) => {
        const trigger = (
          <ActionIcon
            ref={triggerRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('common.language')}
            aria-describedby={describedBy}
            aria-haspopup="menu"
            data-lang={i18n.language}
          >
            <IconLanguage size={22} stroke={1.7} />
          </ActionIcon>
        );
        return loaded ? <loaded.LanguageMenu trigger={trigger} intent={intent} /> : cloneElement(trigger, triggerProps);
      }}
    </Hint>
  );
}
