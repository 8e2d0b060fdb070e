import { AppShell, Burger, Group, NavLink, Text, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { api, call } from '../api/client';
import { session } from '../api/session';

/** The console's sections, in the order of the navigation. */
export const SECTIONS = [
  { to: '/documents', label: 'Documents' },
  { to: '/chat', label: 'Ask' },
  { to: '/feedback', label: 'Feedback' },
  { to: '/knowledge', label: 'Memories and folders' },
  { to: '/models', label: 'Models' },
  { to: '/users', label: 'Users' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/apps', label: 'Apps' },
  { to: '/oauth-clients', label: 'OAuth clients' },
  { to: '/audit', label: 'Audit log' },
  { to: '/settings', label: 'Settings' },
];

export function Layout() {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(api.GET('/api/auth/me')) });
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700}>Console</Text>
          </Group>
          <Group>
            {me.data && (
              <Text size="sm" c="gray.7">
                {me.data.email} · {me.data.tenant_name}
              </Text>
            )}
            <Button variant="subtle" size="xs" onClick={() => session.signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        {SECTIONS.map((section) => (
          <NavLink
            key={section.to}
            component={RouterLink}
            to={section.to}
            label={section.label}
            active={location.pathname.startsWith(section.to)}
            variant="filled"
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
