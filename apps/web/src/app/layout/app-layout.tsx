import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useLogout } from '../../components/use-logout.ts';
import { AccountSwitcher } from '../../features/account-switch/account-switcher.tsx';
import { PRODUCT_NAME } from '../../lib/product.ts';
import { getStoredUser } from '../../lib/session.ts';
import { sidebarLinks } from './nav-links.ts';
import { Sidebar } from './sidebar.tsx';

/** The frame of every signed-in screen: header, sidebar (slide-over below `sm`), content. */
export function AppLayout() {
  const [menuOpen, menu] = useDisclosure(false);
  const logout = useLogout();
  const user = getStoredUser();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation menu"
              // Mantine's Burger draws open and closed but does not say it to a screen reader.
              aria-expanded={menuOpen}
            />
            <Text fw={800} size="lg" c="indigo">
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            {user ? <AccountSwitcher user={user} /> : null}
            {user ? (
              <Text size="sm" c="dimmed" visibleFrom="sm">
                {user.email}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={16} />}
              onClick={() => void logout()}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <Sidebar links={sidebarLinks(user?.is_superadmin ?? false)} onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
