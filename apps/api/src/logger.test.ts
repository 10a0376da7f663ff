import { describe, expect, test } from 'vitest';
import { redactUrl } from './logger.ts';

describe('logs carry no secrets or personal data', () => {
  test('link tokens and query strings are masked', () => {
    expect(redactUrl('/api/user/validate-email/abcDEF123')).toBe('/api/user/validate-email/***');
    expect(redactUrl('/api/password/abcDEF123')).toBe('/api/password/***');
    expect(redactUrl('/password/abc?x=1')).toBe('/password/***');
    expect(redactUrl('/api/request?searchText=Durand')).toBe('/api/request');
    expect(redactUrl('/api/password')).toBe('/api/password');
  });
});
