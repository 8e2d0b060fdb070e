import { AppShell, Burger, Group, NavLink, Text, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { allows, useMe } from '../api/me';
import { session } from '../api/session';

/**
 * The console's sections, in the order of the navigation, with the scopes each needs to load (the scopes of the
 * routes its page calls: docs/permissions.md). The navigation lists and App.tsx opens only those the user holds.
 */
export const SECTIONS = [
  { to: '/documents', label: 'Documents', needs: ['documents:read'] },
  { to: '/chat', label: 'Ask', needs: ['chat:query', 'knowledge_bases:read'] },
  { to: '/feedback', label: 'Feedback', needs: ['feedback:read'] },
  { to: '/knowledge', label: 'Memories and folders', needs: ['knowledge_bases:read', 'documents:read'] },
  { to: '/connectors', label: 'Connectors', needs: ['connectors:read'] },
  { to: '/models', label: 'Models', needs: ['llm:read'] },
  { to: '/users', label: 'Users', needs: ['admin'] },
  { to: '/api-keys', label: 'API keys', needs: ['admin'] },
  { to: '/apps', label: 'Apps', needs: ['admin'] },
  { to: '/oauth-clients', label: 'OAuth clients', needs: ['admin'] },
  { to: '/webhooks', label: 'Webhooks', needs: ['admin'] },
  { to: '/audit', label: 'Audit log', needs: ['admin'] },
  { to: '/settings', label: 'Settings', needs: ['admin'] },
] as const;

/** The scopes a section needs, by its path (`/documents`, …). */
export const needsOf = (to: (typeof SECTIONS)[number]['to']): readonly string[] => SECTIONS.find((s) => s.to === to)!.needs;

export function Layout() {
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const me = useMe();
  const sections = me.data ? SECTIONS.filter((section) => allows(me.data.permissions, section.needs)) : [];
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
        {sections.map((section) => (
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
