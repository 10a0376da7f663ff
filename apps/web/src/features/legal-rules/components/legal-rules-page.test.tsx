import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LEGAL_RULES, LEGAL_RULE_IDS, legalRuleView, type LegalRuleView } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { aUser, ok } from '../../../test/fixtures';
import { mockApi, type RecordedCall, writes } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render-with-query';
import { LegalRulesPage } from './legal-rules-page';
import { definitionValue } from '../../../test/definition-value';

/** A fake API holding the rules, changed by the PUT it receives. */
function fakeRulesApi(roles: string[]) {
  let rules: LegalRuleView[] = LEGAL_RULE_IDS.map((id) => legalRuleView(DEFAULT_LEGAL_RULES[id]));
  return mockApi({
    'GET /api/userConnected': ok(aUser({ roles: ['ROLE_USER', ...roles] as never })),
    'GET /api/legal-rules': () => ok(rules),
    'PUT /api/legal-rules/permission': (call: RecordedCall) => {
      const body = call.body as { months: number; days: number; extendToWorkingDay: boolean };
      rules = rules.map((rule) =>
        rule.id === 'permission' ? legalRuleView({ ...DEFAULT_LEGAL_RULES.permission, ...body }) : rule,
      );
      return ok(rules[0], 'Délai enregistré. Il s’applique aux délais qui démarrent à partir de maintenant.');
    },
  });
}

function renderPage() {
  return renderWithToasts(<LegalRulesPage />);
}

describe('LegalRulesPage (/delais)', () => {
  it('lists each rule with its scope, delay, silence, references and default; an instructor only reads', async () => {
    fakeRulesApi(['ROLE_INSTRUCTEUR']);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Délais légaux' })).toBeTruthy();
    const permission = await screen.findByRole('region', { name: 'Permission de voirie' });
    const value = (label: string) => definitionValue(permission, label);
    expect(value('Délai en vigueur')).toBe('2 mois');
    expect(value('Silence de l’administration')).toBe('Décision implicite de rejet de la demande');
    expect(value('Références')).toContain('CRPA, art. L231-1 et L231-4');
    expect(value('Délai par défaut')).toBe('2 mois');
    const operator = screen.getByRole('region', { name: "Travaux d'un exploitant de réseau" });
    expect(
      within(operator).getByText(
        'Sans décision expresse, les travaux peuvent être exécutés à la date indiquée dans la demande',
      ),
    ).toBeTruthy();
    const notice = screen.getByRole('region', { name: 'Mise en demeure après une réception refusée' });
    expect(within(notice).getAllByText('30 jours, prolongé au jour ouvré suivant')).toHaveLength(2);
    expect(screen.getByText(/s’applique aux délais qui démarrent après son enregistrement/)).toBeTruthy();
    expect(screen.getByText(/Seul un administrateur peut modifier les délais/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Modifier le délai/ })).toBeNull();
  });

  it("an administrator's bad delay is refused by the domain's schema; a good one is saved and shown", async () => {
    const { calls } = fakeRulesApi(['ROLE_ADMIN']);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier le délai : Permission de voirie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Délai : Permission de voirie' });
    const months = within(dialog).getByRole('spinbutton', { name: 'Mois' });
    const days = within(dialog).getByRole('spinbutton', { name: 'Jours' });
    await user.clear(months);
    await user.type(months, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText("Le délai doit être d'au moins un jour.")).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);

    await user.clear(months);
    await user.type(months, '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Prolonger au jour ouvré suivant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Délai enregistré/)).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/legal-rules/permission',
        body: { months: 3, days: 0, extendToWorkingDay: true },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const permission = screen.getByRole('region', { name: 'Permission de voirie' });
    expect(await within(permission).findByText('3 mois, prolongé au jour ouvré suivant')).toBeTruthy();
  });

  it('tells an applicant the page is not theirs and asks nothing of the API', async () => {
    const { calls } = fakeRulesApi(['ROLE_DEMANDEUR']);
    renderPage();
    expect(
      await screen.findByText('Cette page est réservée aux instructeurs et aux administrateurs.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/legal-rules')).toBe(false);
  });
});
