import { Avatar, UnstyledButton } from '@mantine/core';
import { cloneElement } from 'react';
import { useTranslation } from 'react-i18next';

import { useIntent } from '@/components/ui/use-intent';
import { useAuth } from '@/lib/auth/use-auth';

const loadMenu = () => import('./account-menu-dropdown');

/** The header's avatar; its menu (account, install, sign out) loads on intent. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { loaded, triggerProps, triggerRef, intent } = useIntent(loadMenu);
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  const trigger = (
    <UnstyledButton
      ref={triggerRef}
      aria-label={`${initials} — ${t('common.account.menu')}`}
      aria-haspopup="menu"
      data-testid="account-menu"
    >
      <Avatar color="primary" radius="xl" size={36}>
        {initials}
      </Avatar>
    </UnstyledButton>
  );
  return loaded ? <loaded.AccountMenuDropdown trigger={trigger} intent={intent} /> : cloneElement(trigger, triggerProps);
}
