import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';

/**
 * A dialog holding one form: the API's refusal shown above the fields (role alert), Cancel, and the submit button
 * busy while the request runs. `onSubmit` is the mutation's `mutate`; `error` and `busy` its state.
 */
export function FormModal({
  title,
  opened,
  onClose,
  onSubmit,
  error,
  busy,
  submitLabel,
  size,
  children,
}: {
  title: string;
  opened: boolean;
  onClose(): void;
  onSubmit(): void;
  error: Error | null;
  busy: boolean;
  submitLabel: string;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
        {error && <Alert color="red" role="alert">{error.message}</Alert>}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
