import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../app/query-client';
import { FakeXhr } from '../../../api/upload-test-xhr';
import { completeState } from '../model/wizard-fixtures';
import { useFilingSubmission } from './use-filing-submission';

const navigate = vi.fn(() => Promise.resolve());
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

function renderSubmission() {
  const client = createAppQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useFilingSubmission(), { wrapper });
}

/** Presses Terminer and lets the XHR end as `end` says; resolves once the hook has handled it. */
async function submitAndEnd(
  submit: ReturnType<typeof useFilingSubmission>['submit'],
  end: (xhr: FakeXhr) => void,
) {
  let done!: Promise<void>;
  act(() => {
    done = submit(completeState(1), () => undefined);
  });
  const xhr = FakeXhr.all.at(-1)!;
  await act(async () => {
    end(xhr);
    await done;
  });
  return xhr;
}

const keyOf = (xhr: FakeXhr) => xhr.headers['Idempotency-Key'];

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Terminer: the Idempotency-Key of a filing', () => {
  it('is sent with POST request and resent unchanged when the answer was lost, then renewed after a success', async () => {
    const { result } = renderSubmission();
    const timedOut = await submitAndEnd(result.current.submit, (xhr) => xhr.emit('timeout'));
    const cut = await submitAndEnd(result.current.submit, (xhr) => xhr.emit('error'));
    const filed = await submitAndEnd(result.current.submit, (xhr) =>
      xhr.answer(201, {
        success: true,
        message: 'Votre demande a bien été déposée.',
        data: { id: 7, publicId: 'k7' },
      }),
    );
    const next = await submitAndEnd(result.current.submit, (xhr) => xhr.emit('timeout'));

    expect(timedOut.method).toBe('POST');
    expect(keyOf(timedOut)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The retries of the same filing carry the same key: the server files it once.
    expect(keyOf(cut)).toBe(keyOf(timedOut));
    expect(keyOf(filed)).toBe(keyOf(timedOut));
    expect(navigate).toHaveBeenCalledWith({ to: '/dossiers/$id', params: { id: 'k7' } });
    // A later filing is another one.
    expect(keyOf(next)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(next)).not.toBe(keyOf(timedOut));
  });

  it('is not sent with the completion (PUT request/{id})', async () => {
    const { result } = renderSubmission();
    let done!: Promise<void>;
    act(() => {
      done = result.current.submit({ ...completeState(1), mode: 'update', requestId: 42 }, () => undefined);
    });
    const xhr = FakeXhr.all.at(-1)!;
    await act(async () => {
      xhr.emit('timeout');
      await done;
    });
    expect([xhr.method, xhr.url]).toEqual(['PUT', '/api/request/42']);
    expect(keyOf(xhr)).toBeUndefined();
  });
});
