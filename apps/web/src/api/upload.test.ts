import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from './http';
import { sendMultipart, UploadError } from './upload';
import { FakeXhr } from './upload-test-xhr';

function start(onProgress?: (loaded: number, total: number) => void) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const body = new FormData();
  body.append('request', '{}');
  const sent = sendMultipart<{ publicId: string }>({
    method: 'POST',
    path: 'request',
    body,
    timeoutMs: 20_000,
    onProgress,
  });
  const xhr = FakeXhr.last as FakeXhr;
  return { sent, xhr, body };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendMultipart', () => {
  it("a 401 is a session expiry: 'Session expirée' and the return to the sign-in page", async () => {
    const notify = vi.fn();
    const onSessionExpired = vi.fn();
    configureHttp({ notify, onSessionExpired, onMaintenance: () => undefined });
    const { sent, xhr } = start();
    xhr.answer(401, { success: false, code: 'UNAUTHENTICATED', message: 'Non connecté' });
    await expect(sent).rejects.toBeInstanceOf(UploadError);
    expect(notify).toHaveBeenCalledWith('Session expirée', 'warning');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    configureHttp({
      notify: () => undefined,
      onSessionExpired: () => undefined,
      onMaintenance: () => undefined,
    });
  });

  it('sends the form under /api with the timeout and resolves with the envelope', async () => {
    const progress = vi.fn();
    const { sent, xhr, body } = start(progress);
    expect([xhr.method, xhr.url, xhr.timeout, xhr.body]).toEqual(['POST', '/api/request', 20_000, body]);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    expect(progress.mock.calls).toEqual([
      [50, 200],
      [200, 200],
    ]);
    xhr.answer(201, {
      success: true,
      message: 'Votre demande a bien été déposée.',
      data: { publicId: 'ab' },
    });
    await expect(sent).resolves.toEqual({
      success: true,
      message: 'Votre demande a bien été déposée.',
      data: { publicId: 'ab' },
    });
  });

  it('rejects with the status and the body of a refusal', async () => {
    const { sent, xhr } = start();
    const refusal = { success: false, code: 'VALIDATION', message: "Erreur lors de l'ajout du dossier : x" };
    xhr.answer(400, refusal);
    const error = (await sent.catch((caught: unknown) => caught)) as UploadError;
    expect(error).toBeInstanceOf(UploadError);
    expect([error.reason, error.status, error.body]).toEqual(['status', 400, refusal]);
  });

  it('tells a timeout from a network failure', async () => {
    const late = start();
    late.xhr.emit('timeout');
    await expect(late.sent).rejects.toMatchObject({ reason: 'timeout', status: 0 });
    const down = start();
    down.xhr.emit('error');
    await expect(down.sent).rejects.toMatchObject({ reason: 'network', status: 0 });
  });
});
