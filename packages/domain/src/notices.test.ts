import { describe, expect, test } from 'vitest';
import { letterFailureMessage, noticeDurationMs, templateFailureMessage } from './notices.ts';

describe('notices (docs/constants.md)', () => {
  test('an order, letter or template error stays 5 s; any other notice 3 s', () => {
    expect(noticeDurationMs({ severity: 'error', topic: 'document' })).toBe(5000);
    expect(noticeDurationMs({ severity: 'error' })).toBe(3000);
    expect(noticeDurationMs({ severity: 'success', topic: 'document' })).toBe(3000);
    expect(noticeDurationMs({ severity: 'warning', topic: 'general' })).toBe(3000);
  });

  test('the document failures in the spec’s words', () => {
    expect(letterFailureMessage('Erreur 500')).toBe("Erreur lors de l'ouverture du courrier : Erreur 500");
    expect(templateFailureMessage("Ce modèle n'existe pas.")).toBe(
      "Erreur lors de l'ouverture du modèle : Ce modèle n'existe pas.",
    );
  });
});
