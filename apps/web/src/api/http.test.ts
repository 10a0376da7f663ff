import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { ApiError, configureHttp, http } from './http';

const notify = vi.fn();
const onSessionExpired = vi.fn();
const onMaintenance = vi.fn();

beforeEach(() => {
  notify.mockReset();
  onSessionExpired.mockReset();
  onMaintenance.mockReset();
  configureHttp({ notify, onSessionExpired, onMaintenance });
});

function onPage(pathname: string) {
  window.history.replaceState(null, '', pathname);
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('http client', () => {
  it('sends JSON with the session cookies and returns the message and data', async () => {
    const { calls, fetchMock } = mockApi({
      'POST /api/password': { body: { success: true, message: 'Lien envoyé', data: { sent: true } } },
    });

    const answer = await http.post<{ sent: boolean }>('password', { email: 'a@b.fr' });

    expect(answer).toEqual({ success: true, message: 'Lien envoyé', data: { sent: true } });
    expect(calls).toEqual([{ method: 'POST', path: '/api/password', body: { email: 'a@b.fr' } }]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('on 401 outside the sign-in and password pages, warns "Session expirée" and ends the session', async () => {
    onPage('/dossiers');
    mockApi({ 'GET /api/request': { status: 401, body: { success: false, message: 'Non authentifié' } } });

    const error = await failureOf(http.get('request'));

    expect(error.message).toBe('Session expirée');
    expect(notify).toHaveBeenCalledWith('Session expirée', 'warning');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session on 401 even for a call that shows its own errors', async () => {
    onPage('/dossiers');
    mockApi({ 'GET /api/userConnected': { status: 401, body: { success: false } } });

    await failureOf(http.get('userConnected', { silent: true }));

    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("on 401 on the sign-in page, gives the spec's 401 text and keeps the visitor there", async () => {
    onPage('/login');
    mockApi({ 'POST /api/login': { status: 401, body: { success: false, message: 'x' } } });

    const error = await failureOf(http.post('login', {}));

    expect(error.message).toBe('Identifiant ou Mot de Passe erroné');
    expect(onSessionExpired).not.toHaveBeenCalled();

    // A wrong password (its own code) keeps the sign-in failure's text.
    mockApi({
      'POST /api/login': { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'x' } },
    });
    expect((await failureOf(http.post('login', {}))).message).toBe('Identifiant ou mot de passe erroné');
  });

  it('on LINK_INVALID (a dead reset link), says the link is no longer valid', async () => {
    onPage('/password/abc');
    mockApi({ 'GET /api/password/abc': { status: 401, body: { success: false, code: 'LINK_INVALID' } } });

    const error = await failureOf(http.get('password/abc'));

    expect(notify).toHaveBeenCalledWith('Lien plus valide', 'error');
    expect(error.code).toBe('LINK_INVALID');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('decides on the code, not the status: a wrong password never ends a session', async () => {
    onPage('/dossiers');
    mockApi({
      'POST /api/login': { status: 401, body: { success: false, code: 'INVALID_CREDENTIALS', message: 'x' } },
    });

    const error = await failureOf(http.post('login', {}));

    expect(error.message).toBe('Identifiant ou mot de passe erroné');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('gives a bare answer the code its status means (a proxy, no body)', async () => {
    onPage('/dossiers');
    mockApi({ 'GET /api/request': { status: 401, body: 'Unauthorized' } });

    const error = await failureOf(http.get('request'));

    expect(error.code).toBe('UNAUTHENTICATED');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("on 403, shows the answer's detail", async () => {
    mockApi({
      'POST /api/login': {
        status: 403,
        body: {
          success: false,
          code: 'EMAIL_NOT_VALIDATED',
          message: 'Accès refusé',
          detail: 'Adresse non validée',
        },
      },
    });

    await failureOf(http.post('login', {}));

    expect(notify).toHaveBeenCalledWith('Adresse non validée', 'error');
  });

  it.each([
    [404, "Cette route n'existe pas sur l'api"],
    [500, 'Erreur interne du serveur'],
  ])('on %i, shows "%s"', async (status, message) => {
    mockApi({ 'GET /api/config': { status, body: { success: false, message: 'ignored' } } });

    const error = await failureOf(http.get('config'));

    expect(error.message).toBe(message);
    expect(notify).toHaveBeenCalledWith(message, 'error');
  });

  it("on 503 from the API (the file storage did not answer), shows the API's French message", async () => {
    const message =
      'Le stockage des fichiers est momentanément indisponible : rien n’a été enregistré. Réessayez dans quelques minutes.';
    mockApi({
      'POST /api/document': { status: 503, body: { success: false, code: 'STORAGE_UNAVAILABLE', message } },
    });

    const error = await failureOf(http.post('document', {}));

    expect(error.message).toBe(message);
    expect(notify).toHaveBeenCalledWith(message, 'error');
  });

  it('on MAINTENANCE, goes to the maintenance page without a toast, even for a silent call', async () => {
    const message = 'Le portail est en maintenance. Merci de réessayer dans quelques minutes.';
    mockApi({ 'GET /api/request': { status: 503, body: { success: false, code: 'MAINTENANCE', message } } });

    const error = await failureOf(http.get('request', { silent: true }));

    expect(error).toMatchObject({ code: 'MAINTENANCE', message });
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('on a bare 503 (a proxy, no answer of the API), shows "Erreur interne du serveur"', async () => {
    mockApi({ 'GET /api/config': { status: 503, body: 'Service Unavailable' } });

    const error = await failureOf(http.get('config'));

    expect(error.message).toBe('Erreur interne du serveur');
  });

  it('on a validation failure, shows the messages of every error, once each', async () => {
    mockApi({
      'POST /api/register': {
        status: 400,
        body: {
          success: false,
          message: 'joined',
          errors: [
            { path: 'email', message: 'Veuillez saisir une adresse e-mail valide' },
            { path: 'password', message: 'Ce champ est obligatoire' },
            { path: 'passwordConfirm', message: 'Ce champ est obligatoire' },
          ],
        },
      },
    });

    await failureOf(http.post('register', {}));

    expect(notify).toHaveBeenCalledWith(
      'Veuillez saisir une adresse e-mail valide\nCe champ est obligatoire',
      'error',
    );
  });

  it('treats an answer with success false as a failure, even with status 200', async () => {
    mockApi({
      'PUT /api/request/1': { status: 200, body: { success: false, message: 'Dossier verrouillé' } },
    });

    const error = await failureOf(http.put('request/1', {}));

    expect(error.message).toBe('Dossier verrouillé');
    expect(notify).toHaveBeenCalledWith('Dossier verrouillé', 'error');
  });

  it('reports a network failure as an internal server error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await failureOf(http.get('config'));

    expect(error.message).toBe('Erreur interne du serveur');
    expect(notify).toHaveBeenCalledWith('Erreur interne du serveur', 'error');
  });

  it('lets a call opt out of the toast and still tells it why', async () => {
    mockApi({ 'POST /api/login': { status: 429, body: { success: false, message: 'Trop de tentatives.' } } });

    const error = await failureOf(http.post('login', {}, { silent: true }));

    expect(error.message).toBe('Trop de tentatives.');
    expect(notify).not.toHaveBeenCalled();
  });
});
