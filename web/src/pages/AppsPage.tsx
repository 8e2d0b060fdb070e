import { useState } from 'react';
import { Badge, Button, Group, Select, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { ConfirmButton } from '../components/Confirm';
import { notifyDone, notifyError } from '../components/notify';
import { usePagedQuery, useAction } from '../components/queries';
import { PagedTable } from '../components/ResourceTable';
import { ImportAppModal } from './ImportAppModal';
import { InstallAppModal, type InstallableApp } from './InstallAppModal';

const PAGE_SIZE = 20;
type Status = 'active' | 'uninstalled' | 'purged' | 'all';
const STATUSES: { value: Status; label: string }[] = [
  { value: 'active', label: 'Installed' },
  { value: 'uninstalled', label: 'Uninstalled' },
  { value: 'purged', label: 'Purged' },
  { value: 'all', label: 'All' },
];

export function AppsPage() {
  const [tab, setTab] = useState<string | null>('installed');
  const [importing, setImporting] = useState(false);
  const queries = useQueryClient();
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          Apps
        </Title>
        <Button onClick={() => setImporting(true)}>Import an app</Button>
      </Group>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="installed">Installed</Tabs.Tab>
          <Tabs.Tab value="catalog">Available apps</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="installed">
          <InstallationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="catalog">
          <CatalogTab />
        </Tabs.Panel>
      </Tabs>
      <ImportAppModal
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={(app) => {
          setImporting(false);
          setTab('catalog');
          notifyDone(app.new_app ? `${app.name} ${app.version} was imported: install it to use it.` : `${app.name} ${app.version} was imported as a new version.`);
          void queries.invalidateQueries({ queryKey: ['apps'] });
        }}
      />
    </>
  );
}

/**
 * Opens an installed app the way the platform intends: a single-use launch URL (valid 60 s) carrying a launch
 * token that the app exchanges at once. The tab is opened before the request, while the click still counts as
 * a user gesture (a tab opened after an await is a popup that browsers block); without one, this tab goes.
 */
async function launch(appId: string) {
  const tab = window.open('', '_blank');
  try {
    const { launch_url } = await call(api.POST('/api/v1/app-platform/apps/{app_id}/launch-token', { params: { path: { app_id: appId } } }));
    // The entry URL was checked at import; refusing any other scheme here keeps a script URL out of a navigation anyway.
    if (!['https:', 'http:'].includes(new URL(launch_url).protocol)) throw new Error('The launch URL is not a web address');
    if (!tab) return window.location.assign(launch_url);
    tab.opener = null;
    tab.location.href = launch_url;
  } catch (error) {
    tab?.close();
    notifyError(error);
  }
}

function InstallationsTab() {
  const [status, setStatus] = useState<Status>('active');
  const installations = usePagedQuery(
    ['installations', status],
    (range) => call(api.GET('/api/v1/app-platform/installations/', { params: { query: { ...range, status } } })),
    PAGE_SIZE,
  );
  const uninstall = useAction({
    run: (id: string) => call(api.DELETE('/api/v1/app-platform/installations/{installation_id}', { params: { path: { installation_id: id } } })),
    done: (installation) => `${installation.name} was uninstalled: its links and tokens stopped working.`,
    invalidates: [['installations']],
  });
  return (
    <>
      <Select
        label="Status"
        mb="sm"
        maw={200}
        data={STATUSES}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          if (value) setStatus(value as Status);
          installations.setPage(1);
        }}
      />
      <PagedTable
        list={installations}
        what="installations"
        empty="No apps here. Import an app's manifest, then install it from Available apps."
        label="Installed apps"
        minWidth={760}
        rowKey={(installation) => installation.installation_id}
        columns={[
          {
            header: 'App',
            cell: (installation) => (
              <>
                <Text size="sm" fw={500}>
                  {installation.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {installation.id}
                </Text>
              </>
            ),
          },
          {
            header: 'Version',
            cell: (installation) => (
              <>
                {installation.version}
                {installation.upgrade_available && (
                  <Text size="xs" c="gray.7">
                    {installation.latest_version} available
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Granted permissions', cell: (installation) => <Permissions names={installation.granted_permissions} /> },
          { header: 'Status', cell: (installation) => <Badge color={installation.status === 'active' ? 'green' : 'gray'}>{installation.status}</Badge> },
          { header: 'Installed', cell: (installation) => new Date(installation.created_at).toLocaleString() },
        ]}
        actions={(installation) =>
            installation.status === 'active' && (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" aria-label={`Open ${installation.name}`} onClick={() => void launch(installation.app_id)}>
                  Open
                </Button>
                <ConfirmButton
                  label="Uninstall"
                  aria-label={`Uninstall ${installation.name}`}
                  title={`Uninstall ${installation.name}?`}
                  message={`Every open session of ${installation.name} stops at once. Its data is kept 30 days, then deleted; installing it again starts empty.`}
                  confirmLabel="Uninstall"
                  onConfirm={() => uninstall.mutateAsync(installation.installation_id)}
                />
              </Group>
            )}
      />
    </>
  );
}

function CatalogTab() {
  const [installing, setInstalling] = useState<InstallableApp | null>(null);
  const queries = useQueryClient();
  const apps = usePagedQuery(['apps'], (query) => call(api.GET('/api/v1/app-platform/apps/', { params: { query } })), PAGE_SIZE);
  // One active installation per app and tenant, and never more installations than apps: one page of 100 says which are installed.
  const installed = useQuery({
    queryKey: ['installations', 'installed-apps'],
    queryFn: () => call(api.GET('/api/v1/app-platform/installations/', { params: { query: { limit: 100, status: 'active' } } })),
    select: (data) => new Set(data.items.map((installation) => installation.app_id)),
  });
  return (
    <>
      <PagedTable
        list={apps}
        what="apps"
        empty="No apps yet. Import an app's manifest to add one."
        label="Available apps"
        minWidth={760}
        rowKey={(app) => app.app_id}
        columns={[
          {
            header: 'App',
            cell: (app) => (
              <>
                <Text size="sm" fw={500}>
                  {app.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {app.id}
                  {app.publisher && ` · ${app.publisher.name}`}
                </Text>
                {app.description && <Text size="xs">{app.description}</Text>}
              </>
            ),
          },
          { header: 'Latest version', cell: (app) => app.latest_version },
          { header: 'Asks for', cell: (app) => <Permissions names={app.permissions} /> },
          { header: 'Source', cell: (app) => (app.owned ? 'Imported here' : 'Published for every workspace') },
        ]}
        actions={(app) =>
          installed.data?.has(app.app_id) ? (
            <Badge color="green">installed</Badge>
          ) : (
            <Button size="xs" variant="light" aria-label={`Install ${app.name}`} disabled={!installed.data} onClick={() => setInstalling(app)}>
              Install
            </Button>
          )}
      />
      <InstallAppModal
        app={installing}
        onClose={() => setInstalling(null)}
        onInstalled={(installation) => {
          setInstalling(null);
          notifyDone(`${installation.name} is installed: open it from Installed.`);
          void queries.invalidateQueries({ queryKey: ['installations'] });
        }}
      />
    </>
  );
}

function Permissions({ names }: { names: string[] }) {
  if (names.length === 0) return <Text size="sm">none</Text>;
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="light" size="sm">
          {name}
        </Badge>
      ))}
    </Group>
  );
}
