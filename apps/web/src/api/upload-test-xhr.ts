// A stand-in XMLHttpRequest for the tests of multipart sends (upload.ts and the wizard's
// Terminer): records what is sent and lets the test report progress and answer.

type Listener = (event: ProgressEvent) => void;

/** A stand-in XMLHttpRequest: records what is sent, and lets the test answer. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;
  private listeners: Record<string, Listener[]> = {};
  readonly upload = {
    listeners: [] as Listener[],
    addEventListener: (_type: string, listener: Listener) => this.upload.listeners.push(listener),
  };

  constructor() {
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  emit(type: string) {
    for (const listener of this.listeners[type] ?? []) listener(new ProgressEvent(type));
  }
  progress(loaded: number, total: number) {
    const event = new ProgressEvent('progress', { lengthComputable: true, loaded, total });
    for (const listener of this.upload.listeners) listener(event);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}
