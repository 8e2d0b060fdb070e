import { authorizedFetch } from './client';

export interface ServerEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a server-sent event stream over fetch (EventSource cannot send the bearer header): calls
 * `onEvent` per `event:`/`data:` frame, ignores `:` heartbeats, resolves when the server closes.
 */
export async function readEventStream(url: string, onEvent: (event: ServerEvent) => void, init: RequestInit = {}): Promise<void> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'text/event-stream');
  const res = await authorizedFetch(url, { ...init, headers });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { detail?: string };
    throw new Error(body.detail ?? `HTTP ${res.status}`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length) onEvent({ event, data: JSON.parse(data.join('\n')) });
    }
  }
}
