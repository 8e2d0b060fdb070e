import { useState } from 'react';
import { Alert, Button, Code, FileButton, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api, errorText } from '../api/client';
import type { ResultOf } from '../api/types';

/** One problem of a manifest: `path` is a JSON pointer into it ("" is the whole manifest). */
interface ManifestIssue {
  path: string;
  message: string;
}

/** What the admin sees under the editor: the manifest's problems, or one message (not JSON, version not newer…). */
type Verdict = { issues: ManifestIssue[] } | { message: string } | { valid: true } | null;

type Imported = ResultOf<'/api/v1/app-platform/manifests/import', 'post'>;

/**
 * The problems listed in a refused import: 422 `invalid_manifest` has FastAPI's `detail` list, each item also
 * carrying its JSON pointer as `path` (a body the schema refused has only `loc`). Null when `detail` is no list.
 */
function issuesOf(error: unknown): ManifestIssue[] | null {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return null;
  return detail.map((item: { path?: unknown; loc?: unknown; msg?: unknown }) => ({
    path: typeof item.path === 'string' ? item.path : Array.isArray(item.loc) ? item.loc.slice(2).map((p) => `/${String(p)}`).join('') : '',
    message: typeof item.msg === 'string' ? item.msg : JSON.stringify(item),
  }));
}

/** The pasted text as JSON, or the parse error as a problem of the whole manifest. */
function parse(text: string): { manifest: unknown } | { issues: ManifestIssue[] } {
  try {
    return { manifest: JSON.parse(text) as unknown };
  } catch (error) {
    return { issues: [{ path: '', message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
}

/** Paste or upload a manifest.json, check it, import it; every problem is listed in place with its JSON path. */
export function ImportAppModal({ opened, onClose, onImported }: { opened: boolean; onClose(): void; onImported(app: Imported): void }) {
  const [text, setText] = useState('');
  const [verdict, setVerdict] = useState<Verdict>(null);
  /** A changed manifest makes the last verdict stale. */
  const edit = (value: string) => {
    setText(value);
    setVerdict(null);
  };

  const check = useMutation({
    mutationFn: async (): Promise<Verdict> => {
      const parsed = parse(text);
      if ('issues' in parsed) return parsed;
      const { data, error } = await api.POST('/api/v1/app-platform/manifests/validate', { body: { manifest: parsed.manifest } });
      if (!data) return { message: errorText(error) };
      return data.valid ? { valid: true } : { issues: data.errors };
    },
    onSuccess: setVerdict,
    onError: (error) => setVerdict({ message: errorText(error) }),
  });

  const importIt = useMutation({
    mutationFn: async (): Promise<{ imported: Imported } | { refused: Verdict }> => {
      const parsed = parse(text);
      if ('issues' in parsed) return { refused: parsed };
      const { data, error } = await api.POST('/api/v1/app-platform/manifests/import', { body: { manifest: parsed.manifest } });
      if (data) return { imported: data };
      const issues = issuesOf(error);
      return { refused: issues ? { issues } : { message: errorText(error) } };
    },
    onSuccess: (outcome) => {
      if ('refused' in outcome) return setVerdict(outcome.refused);
      edit('');
      onImported(outcome.imported);
    },
    onError: (error) => setVerdict({ message: errorText(error) }),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Import an app" size="xl" centered>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); importIt.mutate(); }}>
        <Text size="sm" c="gray.7">
          Paste the app&apos;s manifest.json or upload it. Importing a manifest whose id is already here adds a new version: its version must be higher.
        </Text>
        <Textarea
          label="Manifest (JSON)"
          required
          autosize
          minRows={10}
          maxRows={20}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          value={text}
          onChange={(e) => edit(e.currentTarget.value)}
        />
        <ManifestVerdict verdict={verdict} />
        <Group justify="space-between">
          <FileButton accept="application/json,.json" onChange={(file) => void file?.text().then(edit)} inputProps={{ 'aria-label': 'Upload manifest.json' }}>
            {(props) => (
              <Button variant="default" {...props}>
                Upload manifest.json
              </Button>
            )}
          </FileButton>
          <Group>
            <Button variant="default" onClick={() => check.mutate()} loading={check.isPending} disabled={!text.trim()}>
              Check
            </Button>
            <Button type="submit" loading={importIt.isPending} disabled={!text.trim()}>
              Import
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function ManifestVerdict({ verdict }: { verdict: Verdict }) {
  if (!verdict) return null;
  if ('valid' in verdict) return <Alert color="green">The manifest is valid: it can be imported.</Alert>;
  if ('message' in verdict) return <Alert color="red" role="alert">{verdict.message}</Alert>;
  const count = verdict.issues.length;
  return (
    <Alert color="red" role="alert" title={`The manifest has ${count} ${count === 1 ? 'problem' : 'problems'}`} data-testid="manifest-problems">
      <List size="sm" spacing={4}>
        {verdict.issues.map((issue, i) => (
          <List.Item key={i}>
            <Code>{issue.path || '(the whole manifest)'}</Code> {issue.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
