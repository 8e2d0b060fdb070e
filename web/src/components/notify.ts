import { notifications } from '@mantine/notifications';

/** Every notification's close button is named (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Close the notification' };

export const notifyError = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Failed', message: error instanceof Error ? error.message : String(error), closeButtonProps });
export const notifyDone = (message: string) => notifications.show({ color: 'green', message, closeButtonProps });
