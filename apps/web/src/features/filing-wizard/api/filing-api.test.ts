import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../api/upload-test-xhr';
import { sendFiling } from './filing-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendFiling', () => {
  it('files with POST request and completes with PUT request/{id}, 20 s each', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.all = [];
    const onProgress = () => undefined;
    void sendFiling({ mode: 'create', requestId: null, body: new FormData(), onProgress }).catch(
      () => undefined,
    );
    void sendFiling({ mode: 'update', requestId: 42, body: new FormData(), onProgress }).catch(
      () => undefined,
    );
    expect(FakeXhr.all.map((xhr) => [xhr.method, xhr.url, xhr.timeout])).toEqual([
      ['POST', '/api/request', 20_000],
      ['PUT', '/api/request/42', 20_000],
    ]);
  });
});
