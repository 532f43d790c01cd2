import { describe, expect, it } from 'vitest';
import { eventStreamParser, type StreamEvent } from '../../src/domain/event-stream';

describe('Server-Sent Events text', () => {
  it('is read into events however it is cut into chunks, skipping comments', () => {
    const text =
      'retry: 3000\n\nid: 7\nevent: change\ndata: {"kind":"deal"}\n\n: keep-alive\n\nid: 8\r\nevent: ready\r\ndata: {}\r\n\r\ndata: a\ndata: b\n\n';
    for (const size of [1, 3, 7, text.length]) {
      const events: StreamEvent[] = [];
      const feed = eventStreamParser((event) => events.push(event));
      for (let at = 0; at < text.length; at += size) feed(text.slice(at, at + size));
      expect(events, `chunks of ${size}`).toEqual([
        { id: '7', event: 'change', data: '{"kind":"deal"}' },
        { id: '8', event: 'ready', data: '{}' },
        { event: 'message', data: 'a\nb' },
      ]);
    }
  });
});
