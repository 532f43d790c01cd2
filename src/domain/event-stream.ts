/**
 * Reads Server-Sent Events text (the WHATWG `text/event-stream` format) as it arrives in chunks:
 * `id:`, `event:` and `data:` fields, events ended by a blank line, comments (`:`) skipped. Used
 * where the browser's EventSource cannot be: the app opens the live stream with fetch so the ID
 * token goes in a header, and the tests and benchmark read the same stream.
 */
export interface StreamEvent {
  /** The event's id, when it set one. */
  id?: string;
  event: string;
  data: string;
}

export function eventStreamParser(onEvent: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = '';
  let fields: { id?: string; event?: string; data: string[] } = { data: [] };
  const line = (text: string) => {
    if (text === '') {
      if (fields.data.length || fields.event)
        onEvent({ ...(fields.id === undefined ? {} : { id: fields.id }), event: fields.event ?? 'message', data: fields.data.join('\n') });
      fields = { data: [] };
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') fields.data.push(value);
    else if (name === 'event') fields.event = value;
    else if (name === 'id') fields.id = value;
  };
  return (chunk) => {
    buffer += chunk;
    // A CR at the very end may be the first half of a CRLF still on its way.
    const held = buffer.endsWith('\r') ? '\r' : '';
    const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
    buffer = lines.pop()! + held;
    lines.forEach(line);
  };
}
