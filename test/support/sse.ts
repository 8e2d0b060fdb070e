/** One server-sent event as the tests read it: its name (`message` when unnamed) and its JSON data. */
export interface SseEvent {
  event: string;
  data: any;
}

/**
 * Reads a `text/event-stream` body to its end, pushing every `event:`/`data:` frame into `events` as it arrives
 * (comments such as `: ping` are skipped). Resolves when the server closes the stream.
 */
export async function readSseFrames(body: AsyncIterable<Uint8Array>, events: SseEvent[]): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
    }
  }
}
