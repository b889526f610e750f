/**
 * A stand-in for the browser's EventSource (jsdom has none): the test plays the server, sending
 * named events and ending the stream the way the browser reports it.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends `event: <type>` with this JSON data. */
  emit(type: string, data: unknown, id = ''): void {
    this.dispatchEvent(
      new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id }),
    );
  }

  /** The connection dropped: the browser tries again by itself (CONNECTING). */
  drop(): void {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  /** The server refused the stream (401): the browser gives up (CLOSED). */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get isClosed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }
}

export function createFakeSource(url: string): EventSource {
  return new FakeEventSource(url) as unknown as EventSource;
}
