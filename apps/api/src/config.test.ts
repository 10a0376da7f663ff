import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  test('the embedded default is demo mode; PostgreSQL is not, unless SEED_DEMO=1', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/voirie' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/voirie', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  test('port, data directory and public address', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/srv/voirie' });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/voirie');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://voirie.exemple.fr/' }).secureCookies).toBe(true);
    expect(loadConfig({ PORT: 'abc' }).port).toBe(3000);
  });

  test('the hidden account user id is configuration', () => {
    expect(loadConfig({}).hiddenAccountUserId).toBeNull();
    expect(loadConfig({ HIDDEN_ACCOUNT_USER_ID: '248' }).hiddenAccountUserId).toBe(248);
  });

  test('the upload limit: 20 MB by default, UPLOAD_MAX_BYTES otherwise, a bad value keeps the default', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1048576' }).uploadMaxBytes).toBe(1048576);
    expect(loadConfig({ UPLOAD_MAX_BYTES: '0' }).uploadMaxBytes).toBe(20 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_MAX_BYTES: 'beaucoup' }).uploadMaxBytes).toBe(20 * 1024 * 1024);
  });

  test('the storage quotas: 100 MB a request and 500 MB an account a day by default, else configured', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({}).storageQuotas).toEqual({ requestBytes: 100 * MB, accountBytesPerDay: 500 * MB });
    expect(
      loadConfig({ UPLOAD_MAX_BYTES_PER_REQUEST: '1048576', UPLOAD_MAX_BYTES_PER_ACCOUNT_PER_DAY: '0' })
        .storageQuotas,
    ).toEqual({ requestBytes: MB, accountBytesPerDay: 500 * MB });
  });

  test('the time a sender has: 30 s for a request, 10 minutes for an upload, unless set', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestSeconds: 30, uploadSeconds: 600 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', UPLOAD_TIMEOUT_SECONDS: '1200' }).timeouts).toEqual({
      requestSeconds: 10,
      uploadSeconds: 1200,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' }).timeouts.requestSeconds).toBe(30);
  });
});
