import { NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { trimPath } from '@/config/paths';


import type { NavGroup, NavItem } from './nav-config';
import classes from './nav-section.module.css';

/** The item's page or one below it (`/dashboard/mail` for `/dashboard/mail/all`). */
export function isActive(pathname: string, path: string) {
  const here = trimPath(pathname);
  const target = trimPath(path);
  return here === target || here.startsWith(target === '/' ? '/' : `${target}/`);
}

function VerticalItem({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active =
    isActive(pathname, item.path) || (item.children ?? []).some((c) => isActive(pathname, c.path));
  const Icon = item.icon;
  if (item.children?.length) {
    return (
      <NavLink
        component="button"
        type="button"
        label={t(item.label)}
        leftSection={<Icon size={22} stroke={1.7} />}
        active={active}
        defaultOpened={active}
        classNames={{ root: classes.item }}
        data-nav={item.key}
      >
        {item.children.map((child) => (
          <NavLink
            key={child.key}
            component={Link}
            to={child.path}
            label={t(child.label)}
            active={pathname === child.path}
            onClick={onNavigate}
            classNames={{ root: classes.subItem }}
            data-nav={child.key}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.label)}
      leftSection={<Icon size={22} stroke={1.7} />}
      active={active}
      onClick={onNavigate}
      classNames={{ root: classes.item }}
      aria-current={active ? 'page' : undefined}
      data-nav={item.key}
    />
  );
}

function MiniItem({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active =
    isActive(pathname, item.path) || (item.children ?? []).some((c) => isActive(pathname, c.path));
  const Icon = item.icon;
  const label = t(item.label);
  return (
    // the label shows under the icon; the native tooltip gives it whole when it is cut short
    <UnstyledButton
      component={Link}
      to={item.children?.[0]?.path ?? item.path}
      className={classes.mini}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      aria-label={label}
      title={label}
      onClick={onNavigate}
      data-nav={item.key}
    >
      <Icon size={22} stroke={1.7} aria-hidden="true" />
      <span className={classes.miniLabel} aria-hidden="true">
        {label}
      </span>
    </UnstyledButton>
  );
}

/** The grouped dashboard navigation, vertical (280) or mini (88). */
export function NavSections({
  groups,
  mini,
  onNavigate,
}: {
  groups: NavGroup[];
  mini: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={mini ? 4 : 'md'}>
      {groups.map((group) => (
        <Stack key={group.key} gap={mini ? 4 : 2} data-nav-group={group.key}>
          {mini ? null : (
            <Text className={classes.groupTitle} component="h2">
              {t(group.label)}
            </Text>
          )}
          {group.items.map((item) =>
            mini ? (
              <MiniItem key={item.key} item={item} onNavigate={onNavigate} />
            ) : (
              <VerticalItem key={item.key} item={item} onNavigate={onNavigate} />
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
