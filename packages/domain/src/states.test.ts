import { describe, expect, test } from 'vitest';
import {
  LIST_TABS,
  MAIL_STATUSES,
  STATES,
  STATE_IDS,
  StateIdSchema,
  findListTab,
  isInSignature,
  isMailErrorStatus,
  listTabOf,
  mailStatusText,
  stateName,
} from './states.ts';

describe('states', () => {
  test('the 15 states with their French names (14: ours, withdrawal)', () => {
    expect(STATE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 999]);
    expect(Object.fromEntries(STATES.map((state) => [state.id, state.name]))).toEqual({
      1: 'Annulée',
      2: 'Travaux réceptionnés',
      3: 'Transférée pour instruction',
      4: 'En attente de réception',
      5: 'Clôturée',
      6: 'Réception en attente de rendez-vous',
      7: 'Réception demandée',
      8: 'Transférée en complétude',
      9: 'Complétude réalisée',
      10: 'Prolongée',
      11: 'Réorientée',
      12: 'En attente de réception (réserves)',
      13: 'Réception refusée (2e refus)',
      14: 'Retirée',
      999: "Génération de l'arrêté en cours",
    });
  });

  test('state 3 in signature reads En signature', () => {
    expect(stateName(3, true)).toBe('En signature');
    expect(stateName(3, false)).toBe('Transférée pour instruction');
    expect(stateName(4, true)).toBe('En attente de réception');
    expect(isInSignature({ stateId: 3, sendToSign: true })).toBe(true);
    expect(isInSignature({ stateId: 2, sendToSign: true })).toBe(false);
  });

  test('the schema accepts known ids only', () => {
    expect(StateIdSchema.safeParse(999).success).toBe(true);
    expect(StateIdSchema.safeParse(15).error?.issues[0]?.message).toBe('État de demande inconnu');
  });
});

describe('list tabs', () => {
  test('six tabs in order with their labels', () => {
    expect(LIST_TABS.map((tab) => [tab.id, tab.label])).toEqual([
      [1, 'A traiter'],
      [2, 'En instruction'],
      [3, 'En travaux'],
      [4, 'Demande de réception'],
      [5, 'Réceptionné'],
      [6, 'Archivé'],
    ]);
  });

  test.each([
    [3, false, 'A traiter'],
    [9, false, 'A traiter'],
    [8, false, 'En instruction'],
    [999, false, 'En instruction'],
    [3, true, 'En instruction'],
    [4, false, 'En travaux'],
    [12, false, 'En travaux'],
    [13, false, 'En travaux'],
    [6, false, 'Demande de réception'],
    [7, false, 'Demande de réception'],
    [2, false, 'Réceptionné'],
    [2, true, 'Réceptionné'],
    [1, false, 'Archivé'],
    [5, false, 'Archivé'],
    [10, false, 'Archivé'],
    [11, false, 'Archivé'],
  ] as const)('state %s (sendToSign %s) is in %s', (stateId, sendToSign, label) => {
    expect(listTabOf(stateId, sendToSign).label).toBe(label);
  });

  test('every state, signed or not, belongs to exactly one tab', () => {
    for (const stateId of STATE_IDS) {
      for (const sendToSign of [false, true]) {
        const tabs = LIST_TABS.filter((tab) =>
          tab.criteria.some(
            (c) => c.stateId === stateId && (c.sendToSign === undefined || c.sendToSign === sendToSign),
          ),
        );
        expect(tabs).toHaveLength(1);
      }
    }
  });

  test('cancel is hidden on En travaux only; tabs found by id or key', () => {
    expect(LIST_TABS.filter((tab) => !tab.allowsCancel).map((tab) => tab.key)).toEqual(['enTravaux']);
    expect(findListTab(2)?.key).toBe('enInstruction');
    expect(findListTab('archive')?.id).toBe(6);
    expect(findListTab(7)).toBeUndefined();
  });
});

describe('mail statuses', () => {
  test('texts of docs/workflow.md, exact', () => {
    expect(MAIL_STATUSES).toHaveLength(14);
    for (const status of ['unknown', 'bounce', 'hardbounced', 'softbounced']) {
      expect(mailStatusText(status)).toBe("Une erreur est survenue lors de l'envoi du mail");
    }
    expect(mailStatusText('queued')).toBe("Le mail est en attente d'envoi");
    expect(mailStatusText('sent')).toBe('Le mail a été délivré');
    expect(mailStatusText('opened')).toBe('Le mail a été ouvert');
    expect(mailStatusText('clicked')).toBe('Le mail a été cliqué');
    expect(mailStatusText('spam')).toBe('Le mail est dans les SPAM');
    expect(mailStatusText('unsub')).toBe("Le mail n'a pas été envoyé car la personne s'est désinscrite");
    expect(mailStatusText('blocked')).toBe('Le mail a été bloqué');
    expect(mailStatusText('deferred')).toBe('Le mail est en cours de renvoi');
    // Ours: given up after the retry window, or refused by the account's daily cap.
    expect(mailStatusText('failed')).toBe("Échec : le mail n'a pas pu être envoyé");
    expect(mailStatusText('refused')).toBe("Le mail n'a pas été envoyé : limite d'envois du compte atteinte");
    expect(isMailErrorStatus('failed')).toBe(true);
    expect(isMailErrorStatus('refused')).toBe(true);
    expect(mailStatusText('whatever')).toBe('Inconnu');
    expect(mailStatusText(null)).toBe('Inconnu');
  });
});
