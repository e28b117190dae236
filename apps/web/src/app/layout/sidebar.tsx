import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavItem } from './nav-links.ts';

interface SidebarProps {
  links: readonly NavItem[];
  /** Called after a link is followed, so the mobile slide-over closes. */
  onNavigate: () => void;
}

export function Sidebar({ links, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          leftSection={<link.icon size={18} stroke={1.6} />}
          active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
}
