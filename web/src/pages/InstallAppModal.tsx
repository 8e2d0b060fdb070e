import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf, ResultOf } from '../api/types';

type Permission = NonNullable<BodyOf<'/api/v1/app-platform/apps/{app_id}/install', 'post'>['permissions']>[number];
export type InstallableApp = Pick<ResultOf<'/api/v1/app-platform/apps/', 'get'>['items'][number], 'app_id' | 'name' | 'latest_version' | 'permissions'>;
type Installed = ResultOf<'/api/v1/app-platform/apps/{app_id}/install', 'post'>;

/** What each permission lets the app do, in the words an admin decides on. */
const MEANING: Record<Permission, string> = {
  'app_data:read': 'read the records it keeps in this workspace',
  'app_data:write': 'create, change and delete its records',
  'rich_documents:read': 'read rich documents',
  'rich_documents:write': 'create and edit rich documents',
  'app_assets:read': 'read the files it stored',
  'app_assets:write': 'upload, attach and delete files',
  'documents:read': "read the workspace's documents",
  'knowledge_bases:read': "read the workspace's memories",
  'chat:query': 'ask questions over the workspace’s knowledge',
};

/** Install an app after the admin has seen, and may narrow, the permissions its manifest asks for. */
export function InstallAppModal({ app, onClose, onInstalled }: { app: InstallableApp | null; onClose(): void; onInstalled(installation: Installed): void }) {
  return (
    <Modal opened={app !== null} onClose={onClose} title={app ? `Install ${app.name} ${app.latest_version}?` : ''} centered>
      {app && <InstallForm key={app.app_id} app={app} onClose={onClose} onInstalled={onInstalled} />}
    </Modal>
  );
}

function InstallForm({ app, onClose, onInstalled }: { app: InstallableApp; onClose(): void; onInstalled(installation: Installed): void }) {
  const [granted, setGranted] = useState<string[]>(app.permissions);
  const install = useMutation({
    mutationFn: () =>
      call(api.POST('/api/v1/app-platform/apps/{app_id}/install', { params: { path: { app_id: app.app_id } }, body: { permissions: granted as Permission[] } })),
    onSuccess: onInstalled,
  });
  return (
    <Stack component="form" onSubmit={(event) => { event.preventDefault(); install.mutate(); }}>
      {install.error && <Alert color="red" role="alert">{install.error.message}</Alert>}
      <Checkbox.Group
        label="Permissions to grant"
        description="The app asks for these. Untick what you do not want it to have; it never gets more than the user who opens it may do."
        value={granted}
        onChange={setGranted}
      >
        <Stack gap="xs" mt="xs">
          {app.permissions.length === 0 && <Text size="sm">This app asks for no permission.</Text>}
          {app.permissions.map((permission) => (
            <Checkbox key={permission} value={permission} label={permission} description={MEANING[permission as Permission] ?? ''} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="sm" c="gray.7">
        Every user of this workspace can then open the app, which acts on their behalf with these permissions.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={install.isPending}>
          Install
        </Button>
      </Group>
    </Stack>
  );
}
