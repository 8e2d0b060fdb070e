import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';

/** A button whose destructive action runs only after the user confirms it in a dialog (`options`: choices shown under the message). */
export function ConfirmButton({
  label,
  title,
  message,
  options,
  confirmLabel,
  onConfirm,
  ...button
}: ButtonProps & { label: ReactNode; title: string; message: ReactNode; options?: ReactNode; confirmLabel: string; onConfirm(): Promise<unknown> | void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button color="red" variant="light" size="xs" {...button} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} centered>
        <Text mb="md">{message}</Text>
        {options}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            // Shade 9: white on red 8 is below the AA contrast ratio (axe: color-contrast).
            color="red.9"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                setOpen(false);
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
