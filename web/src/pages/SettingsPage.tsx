import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, NumberInput, PasswordInput, Select, Stack, Switch, Tabs, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api/client';
import type { BodyOf, ResultOf } from '../api/types';
import { ConfirmButton } from '../components/Confirm';
import { QueryState } from '../components/States';
import { FormModal } from '../components/FormModal';
import { notifyDone, notifyError } from '../components/notify';
import { useAction } from '../components/queries';
import { ResourceTable } from '../components/ResourceTable';

export function SettingsPage() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Settings
      </Title>
      <Tabs defaultValue="indexing">
        <Tabs.List mb="md">
          <Tabs.Tab value="indexing">Indexing profile</Tabs.Tab>
          <Tabs.Tab value="sso">Single sign-on</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="indexing">
          <IndexingProfile />
        </Tabs.Panel>
        <Tabs.Panel value="sso">
          <SsoProviders />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

type Profile = BodyOf<'/api/v1/documents/indexing-profile', 'put'>;

function IndexingProfile() {
  const profile = useQuery({ queryKey: ['indexing-profile'], queryFn: () => call(api.GET('/api/v1/documents/indexing-profile')) });
  const [form, setForm] = useState<Profile | null>(null);
  useEffect(() => {
    if (profile.data) {
      const { updated_at: _updatedAt, ...editable } = profile.data;
      setForm(editable);
    }
  }, [profile.data]);
  const save = useMutation({
    mutationFn: (body: Profile) => call(api.PUT('/api/v1/documents/indexing-profile', { body })),
    onSuccess: () => notifyDone('Saved: documents indexed from now on use this profile.'),
  });
  if (profile.error) return <Alert color="red" role="alert">{profile.error.message}</Alert>;
  if (!form) return null;
  const set = (patch: Partial<Profile>) => setForm({ ...form, ...patch });
  return (
    <Stack maw={480} component="form" onSubmit={(event) => { event.preventDefault(); save.mutate(form); }}>
      {save.error && <Alert color="red" role="alert">{save.error.message}</Alert>}
      <NumberInput label="Chunk size (tokens)" value={form.chunk_size} onChange={(v) => set({ chunk_size: Number(v) })} />
      <NumberInput label="Chunk overlap (tokens)" description="At most half the chunk size" value={form.chunk_overlap} onChange={(v) => set({ chunk_overlap: Number(v) })} />
      <NumberInput label="Parallel documents" value={form.parallelism} onChange={(v) => set({ parallelism: Number(v) })} />
      <TextInput label="Embedding model" description="Empty: the tenant's default embedding model, else the built-in offline embedder" value={form.embedding_model ?? ''} onChange={(e) => set({ embedding_model: e.currentTarget.value || null })} />
      <Select label="Full-text configuration" data={['english', 'simple']} value={form.text_search_config ?? 'english'} allowDeselect={false} onChange={(v) => set({ text_search_config: v as Profile['text_search_config'] })} />
      <Switch label="Write an AI description of each document" checked={form.ai_descriptions ?? false} onChange={(e) => set({ ai_descriptions: e.currentTarget.checked })} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save the profile
        </Button>
      </Group>
    </Stack>
  );
}

type SsoProvider = ResultOf<'/api/auth/sso/providers', 'get'>['items'][number];
type SsoInput = BodyOf<'/api/auth/sso/providers', 'post'>;

function SsoProviders() {
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  const queries = useQueryClient();
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ['sso-providers'] });
    void queries.invalidateQueries({ queryKey: ['sso-status'] });
  };
  const providers = useQuery({ queryKey: ['sso-providers'], queryFn: () => call(api.GET('/api/auth/sso/providers')) });
  // The SSO routes of the SPEC name the tenant in their query; it must be the caller's own.
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(api.GET('/api/auth/me')) });
  const tenant_id = me.data?.tenant_id ?? '';
  const status = useQuery({ queryKey: ['sso-status'], queryFn: () => call(api.GET('/api/auth/sso/platform-status')) });
  const enforce = useAction({
    run: (enforced: boolean) => call(api.PUT('/api/auth/sso/settings', { body: { enforced } })),
    then: refresh,
  });
  const remove = useAction({
    run: (provider_id: string) => call(api.DELETE('/api/auth/sso/providers/{provider_id}', { params: { path: { provider_id }, query: { tenant_id } } })),
    then: refresh,
  });
  const test = useAction({
    run: (provider_id: string) => call(api.POST('/api/auth/sso/providers/{provider_id}/test', { params: { path: { provider_id }, query: { tenant_id } } })),
    then: (report) => (report.ok ? notifyDone(`Discovery works: ${report.issuer}`) : notifyError(new Error(report.errors.join('; ')))),
  });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Switch
          label="Require single sign-on (password and code sign-in refused to everyone but owners)"
          checked={status.data?.enforced ?? false}
          disabled={!status.data}
          onChange={(e) => enforce.mutate(e.currentTarget.checked)}
        />
        <Button onClick={() => setEditing('new')}>Add a provider</Button>
      </Group>
      <QueryState query={providers} what="SSO providers" empty="No identity provider yet.">
        {(data) => (
          <ResourceTable
            label="Single sign-on providers"
            minWidth={800}
            rows={data.items}
            rowKey={(p) => p.provider_id}
            columns={[
              { header: 'Name', cell: (p) => p.name },
              { header: 'Issuer', cell: (p) => p.issuer },
              { header: 'Callback to register', cell: (p) => <Code>{p.redirect_uri}</Code> },
              { header: 'Status', cell: (p) => <Badge color={p.enabled ? 'green' : 'gray'}>{p.enabled ? 'enabled' : 'disabled'}</Badge> },
            ]}
            actions={(p) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" aria-label={`Test ${p.name}`} onClick={() => test.mutate(p.provider_id)}>
                  Test
                </Button>
                <Button size="xs" variant="light" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
                  Edit
                </Button>
                <ConfirmButton label="Delete" aria-label={`Delete ${p.name}`} title={`Delete "${p.name}"?`} message="Its users can no longer sign in through it." confirmLabel="Delete" onConfirm={() => remove.mutateAsync(p.provider_id)} />
              </Group>
            )}
          />
        )}
      </QueryState>
      {editing && (
        <ProviderModal
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

function ProviderModal({ provider, onClose, onSaved }: { provider: SsoProvider | null; onClose(): void; onSaved(): void }) {
  const [form, setForm] = useState<SsoInput>(
    provider
      ? { provider_id: provider.provider_id, name: provider.name, issuer: provider.issuer, client_id: provider.client_id, scopes: provider.scopes, allowed_email_domains: provider.allowed_email_domains, jit: provider.jit, link_existing_by_email: provider.link_existing_by_email, enabled: provider.enabled }
      : { name: '', issuer: '', client_id: '', client_secret: '', scopes: ['openid', 'email', 'profile'], allowed_email_domains: [], jit: { enabled: false }, link_existing_by_email: false, enabled: true },
  );
  const set = (patch: Partial<SsoInput>) => setForm({ ...form, ...patch });
  const save = useMutation({ mutationFn: () => call(api.POST('/api/auth/sso/providers', { body: form })), onSuccess: onSaved });
  const check = useMutation({ mutationFn: () => call(api.POST('/api/auth/sso/test-config', { body: { issuer: form.issuer } })) });
  return (
    <FormModal
      title={provider ? `Edit ${provider.name}` : 'Add an identity provider'}
      size="lg"
      opened
      onClose={onClose}
      onSubmit={() => save.mutate()}
      error={save.error}
      busy={save.isPending}
      submitLabel="Save the provider"
    >
      <TextInput label="Name" description="Shown on the sign-in page" required value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      <Group align="flex-end">
        <TextInput label="Issuer" required style={{ flex: 1 }} value={form.issuer} onChange={(e) => set({ issuer: e.currentTarget.value })} />
        <Button variant="default" loading={check.isPending} onClick={() => check.mutate()} disabled={!form.issuer}>
          Check discovery
        </Button>
      </Group>
      {check.data && <Alert color={check.data.ok ? 'green' : 'red'}>{check.data.ok ? `Found ${check.data.authorization_endpoint}` : check.data.errors.join('; ')}</Alert>}
      {check.error && <Alert color="red">{check.error.message}</Alert>}
      <TextInput label="Client id" required value={form.client_id} onChange={(e) => set({ client_id: e.currentTarget.value })} />
      <PasswordInput
        label="Client secret"
        description={provider ? `Set (ends with ${provider.client_secret_hint}); leave empty to keep it` : undefined}
        required={!provider}
        autoComplete="off"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the secret' }}
        value={form.client_secret ?? ''}
        onChange={(e) => set({ client_secret: e.currentTarget.value || undefined })}
      />
      <TagsInput label="Scopes" value={form.scopes ?? []} onChange={(scopes) => set({ scopes })} />
      <TagsInput label="E-mail domains allowed to join" description="Press Enter after each domain" value={form.allowed_email_domains ?? []} onChange={(allowed_email_domains) => set({ allowed_email_domains })} />
      <Group>
        <Checkbox label="Create accounts on first sign-in" checked={form.jit?.enabled ?? false} onChange={(e) => set({ jit: { ...form.jit, enabled: e.currentTarget.checked } })} />
        <Select aria-label="Role of accounts created on first sign-in" data={['viewer', 'member', 'admin']} value={form.jit?.default_role ?? 'member'} allowDeselect={false} onChange={(v) => set({ jit: { enabled: form.jit?.enabled ?? false, default_role: v as 'member' } })} w={140} />
      </Group>
      <Checkbox label="Sign in existing users with the same verified e-mail (owners only)" checked={form.link_existing_by_email ?? false} onChange={(e) => set({ link_existing_by_email: e.currentTarget.checked })} />
      <Checkbox label="Enabled" checked={form.enabled ?? true} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
      <Text size="sm" c="gray.7">
        The secret is stored encrypted and never shown again.
      </Text>
    </FormModal>
  );
}
