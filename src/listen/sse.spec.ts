import { describe, expect, it } from '@jest/globals';
import { SseParser, type SseEvent } from './sse.js';

function parse(chunks: string[]): { events: SseEvent[]; parser: SseParser } {
  const events: SseEvent[] = [];
  const parser = new SseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
}

describe('SseParser', () => {
  it('reads the frames the event stream sends, skipping comments', () => {
    const { events, parser } = parse([
      ': from now\n\n',
      'id: whmsg_1\nevent: page.published\ndata: {"id":"whmsg_1"}\n\n',
      ': keep-alive\n\n',
      'id: whmsg_2\nevent: contact.created\ndata: {"id":"whmsg_2"}\n\n',
    ]);
    expect(events).toEqual([
      { id: 'whmsg_1', event: 'page.published', data: '{"id":"whmsg_1"}' },
      { id: 'whmsg_2', event: 'contact.created', data: '{"id":"whmsg_2"}' },
    ]);
    expect(parser.lastEventId).toBe('whmsg_2');
  });

  it('reads a frame split anywhere across chunks, with any line ending', () => {
    const text = 'id: a\r\nevent: t\r\ndata: x\r\ndata: y\r\n\r\nid: b\rdata: z\r\r';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const { events } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(events).toEqual([
        { id: 'a', event: 't', data: 'x\ny' },
        { id: 'b', event: 'message', data: 'z' },
      ]);
    }
  });

  it('dispatches nothing for a frame without data, and keeps a value with no space after the colon', () => {
    const { events } = parse(['event: nothing\n\n', 'data:{"a":1}\n\n']);
    expect(events).toEqual([{ id: undefined, event: 'message', data: '{"a":1}' }]);
  });

  it('waits for the blank line before dispatching', () => {
    const { events } = parse(['id: a\ndata: x\n']);
    expect(events).toEqual([]);
  });
});
