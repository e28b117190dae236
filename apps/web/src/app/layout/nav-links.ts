import {
  IconAdjustments,
  IconBell,
  IconBuilding,
  IconChecklist,
  IconCreditCard,
  IconDatabase,
  IconKey,
  IconLayoutDashboard,
  IconPigMoney,
  IconRoute,
  IconSettings,
  IconUserShield,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label: string;
  icon: TablerIcon;
}

/** Sidebar order is fixed by the spec (section 2, Layout). */
export const NAV_LINKS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/api-keys', label: 'API Keys', icon: IconKey },
  { to: '/optimization', label: 'Optimization', icon: IconAdjustments },
  { to: '/semantic-cache', label: 'Semantic Cache', icon: IconDatabase },
  { to: '/routing', label: 'Smart Routing', icon: IconRoute },
  { to: '/savings', label: 'Savings', icon: IconPigMoney },
  { to: '/evals', label: 'Evaluations', icon: IconChecklist },
  { to: '/alerts', label: 'Alerts', icon: IconBell },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/settings', label: 'Settings', icon: IconSettings },
  { to: '/billing', label: 'Billing', icon: IconCreditCard },
];

export const ADMIN_LINKS: readonly NavItem[] = [
  { to: '/admin/users', label: 'Admin: Users', icon: IconUserShield },
  { to: '/admin/accounts', label: 'Admin: Accounts', icon: IconBuilding },
];

/** The admin links only help a superadmin; the server refuses everyone else anyway. */
export function sidebarLinks(isSuperadmin: boolean): readonly NavItem[] {
  return isSuperadmin ? [...NAV_LINKS, ...ADMIN_LINKS] : NAV_LINKS;
}
