import { AppError } from '../../../platform/http/errors.js';
import { SENT, type HttpExchange } from '../../../platform/http/route.js';
import { openEventStream } from '../../../platform/http/sse.js';


/**
 * Aborted when the client goes away before the response is complete. The reply's 'close' is the reliable signal:
 * the request's own 'close' fires as soon as its body has been read.
 */
export function disconnectSignal(http: HttpExchange): AbortSignal {
  const { reply } = http;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export interface StreamedEvent {
  type: string;
  data: unknown;
}

/**
 * Sends `events` as server-sent events (`event: <type>`, `data: <json>`), with `: ping` heartbeats, and closes the
 * stream after the last one. The signal handed to `events` aborts when the client disconnects; the events are still
 * read to their end (the service stores what was generated), but nothing more is written. A failure that escapes the
 * events becomes an `error` event.
 */
export function sendEventsStream(
  http: HttpExchange,
  events: (signal: AbortSignal) => AsyncIterable<StreamedEvent>,
  options: { heartbeatMs: number; track(work: Promise<unknown>): void },
): typeof SENT {
  const stream = openEventStream(http.reply, { heartbeatMs: options.heartbeatMs });
  const controller = new AbortController();
  stream.onClose(() => controller.abort());
  // Tracked: after the client left, the answer is still being stored, and shutdown must wait for it.
  options.track((async () => {
    try {
      for await (const event of events(controller.signal)) stream.send(event.type, event.data);
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) http.request.log.error({ err: error }, 'answer stream failed');
      // The detail as a JSON error would carry it: a message, or FastAPI's list for a validation error.
      stream.send('error', known ? { detail: error.detail, code: error.code } : { detail: 'Internal server error', code: 'internal_error' });
    } finally {
      stream.close();
    }
  })());
  return SENT;
}
