import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { UserRole, UserStatus } from '../../../../server/contracts/user';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  pending: 'yellow',
  banned: 'red',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`user.manage.statuses.${status}`)}
    </Badge>
  );
}

export function UserRoleBadge({ role }: { role: UserRole }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={role === 'admin' ? 'violet' : 'gray'}
      variant={role === 'admin' ? 'filled' : 'outline'}
      // the outline's own grey text is 3.3:1 on white: the dimmed text colour meets 4.5:1
      c={role === 'admin' ? undefined : 'dimmed'}
    >
      {t(`user.roles.${role}`)}
    </Badge>
  );
}
