import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { orderModeleId } from '@voirie/domain';
import { defaultTemplate } from '../src/orders/templates.ts';
import { flattenRequest, type OrderSource } from '../src/orders/flatten.ts';
import { partyName } from '../src/requests/printed-text.ts';
import { frenchValue, snakeCase } from '../src/orders/flatten-values.ts';
import { frenchDate } from '../src/requests/french-date.ts';
import { isDocx, mergeTemplate } from '../src/orders/merge.ts';
import { findOnPath } from '../src/files/pdf-converter.ts';
import { isSupersededDefault } from '../src/orders/superseded-defaults.ts';
import { ACT_DEFAULT_KEYS, DAX_APPLICANT, defaultBeforeSignatory, docxText } from './orders-helpers.ts';

const TODAY = new Date('2026-03-14T23:30:00Z'); // already the 15th in Paris

function source(overrides: Record<string, unknown> = {}, extra: Partial<OrderSource> = {}): OrderSource {
  return {
    detail: {
      id: 42,
      type: 1,
      numaffaire: 'AFF-2026-7',
      depositDate: '2026-02-01T10:00:00.000Z',
      dateStart: '2026-04-01',
      dateEnd: '2026-04-10',
      numberDays: 10,
      addressNum: '12',
      addressExt: 'bis',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressPostalCode: '40130',
      addressCity: 'Capbreton',
      place: null,
      inUrban: true,
      plotNumbers: 'AB12',
      sections: 'AB',
      petitioner: { ...DAX_APPLICANT, corporationName: null },
      beneficiary: null,
      cerfa1402301: {
        isFavorable: true,
        themes: 'pose_compteur',
        decisionRoadwayTrench: 'CH6C',
        decisionHorizontalSignage: false,
        decisionDebitLS: 1.5,
        commentDecision: null,
      },
      individualAlignmentRequest: null,
      commentDecision: 'Prévenir la mairie 48 h avant.',
      doAnnexe: false,
      adresses: [
        {
          addressNum: '14',
          addressType: 'Rue',
          addressName: 'des Pins',
          addressPostalCode: '40130',
          addressCity: 'Capbreton',
          place: null,
          prescription: 'Trottoir à refaire',
        },
      ],
      ...overrides,
    },
    rues: [],
    destinataires: [{ mail: 'mairie@capbreton.fr', name: 'Mairie de Capbreton' }],
    place: { road: null, footprintInsee: null },
    ...extra,
  };
}

describe('flattenRequest', () => {
  test('French strings: dates, Oui/Non, decimals, names, addresses, decision, today in Paris', () => {
    const data = flattenRequest(source(), TODAY);
    expect(data).toMatchObject({
      numero: '42',
      numero_affaire: 'AFF-2026-7',
      type_demande: 'Permission de voirie - Réseaux',
      date_depot: '01/02/2026',
      date_debut: '01/04/2026',
      date_fin: '10/04/2026',
      nombre_jours: '10',
      date_du_jour: '15/03/2026',
      demandeur_nom: 'Madame Marie Durand',
      demandeur_adresse_complete: '3 Allée des Chênes, 40100 Dax',
      adresse: '12 bis Rue des Pins',
      commune: 'Capbreton',
      localisation: '12 bis Rue des Pins, 40130 Capbreton',
      en_agglomeration: 'Oui',
      decision: 'Favorable',
      decision_issue: 'accordée',
      commentaire_decision: 'Prévenir la mairie 48 h avant.',
      annexe: 'Non',
      nature_travaux: 'Pose de compteur',
      cerfa_decision_roadway_trench: 'CH6C',
      cerfa_decision_horizontal_signage: 'Non',
      cerfa_decision_debit_ls: '1,5',
      beneficiaire_nom: '',
      destinataires_liste: 'Mairie de Capbreton <mairie@capbreton.fr>',
    });
    expect(data.adresses).toEqual([
      {
        adresse: '14 Rue des Pins',
        code_postal: '40130',
        commune: 'Capbreton',
        lieu_dit: '',
        localisation: '14 Rue des Pins, 40130 Capbreton',
        prescription: 'Trottoir à refaire',
      },
    ]);
    expect(data.destinataires).toEqual([{ nom: 'Mairie de Capbreton', mail: 'mairie@capbreton.fr' }]);
  });

  test('a corporation is named with its agent; an alignment takes its decision and streets', () => {
    const data = flattenRequest(
      source(
        {
          type: 2,
          petitioner: {
            corporationName: 'SARL Dupont',
            corporationAgent: 'Jean Dupont',
            title: 'Monsieur',
            lastName: 'Dupont',
          },
          cerfa1402301: null,
          individualAlignmentRequest: {
            isFavorable: false,
            decisionHorsCompetence: true,
            autorisationUrba: 'oui',
            dateRequest: '2026-01-20',
            reasonRequest: 'Clôture',
          },
          commentDecision: null,
        },
        {
          rues: [
            {
              name: 'Rue des Pins',
              competence: 'Communale',
              points: [{ name: 'A', type: 'borne', distance: 2.75 }],
            },
          ],
        },
      ),
      TODAY,
    );
    expect(data).toMatchObject({
      demandeur_nom: 'SARL Dupont, représentée par Jean Dupont',
      type_demande: "Demande d'alignement",
      decision: 'Défavorable',
      decision_issue: 'refusée',
      hors_competence: 'Oui',
      autorisation_urbanisme: 'Oui',
      date_demande_alignement: '20/01/2026',
      motif_demande: 'Clôture',
      alignement_date_request: '20/01/2026',
    });
    expect(data.motif_hors_competence).not.toBe('');
    expect(data.rues).toEqual([
      {
        nom: 'Rue des Pins',
        competence: 'Communale',
        points: [{ nom: 'A', type: 'borne', distance: '2,75' }],
      },
    ]);
  });

  test('helpers', () => {
    expect(frenchDate(null)).toBe('');
    expect(frenchDate('not a date')).toBe('');
    expect(frenchValue(undefined)).toBe('');
    expect(frenchValue(0)).toBe('0');
    expect(snakeCase('decisionDebitLS')).toBe('decision_debit_ls');
    expect(snakeCase('decisionAccessPortailOpen')).toBe('decision_access_portail_open');
    expect(partyName(null)).toBe('');
  });
});

describe('default templates and merge', () => {
  test('the order of each kind and decision', () => {
    expect([
      orderModeleId(1, true),
      orderModeleId(2, true),
      orderModeleId(3, true),
      orderModeleId(1, false),
      orderModeleId(3, false),
      orderModeleId(2, false),
    ]).toEqual([1, 2, 3, 4, 4, 5]);
  });

  /** The built-in defaults: the ten seeded templates by id, the traffic order by its kind. */
  const DEFAULT_KEYS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'arrete_circulation'] as const;

  test('the eleven defaults are Word documents that merge without leftover tags', async () => {
    const data = flattenRequest(source(), TODAY);
    for (const key of DEFAULT_KEYS) {
      const template = (await defaultTemplate(key))!;
      expect(await isDocx(template), `modele ${String(key)}`).toBe(true);
      const text = docxText(await mergeTemplate(template, data));
      expect(text, `modele ${String(key)}`).not.toMatch(/[{}]/);
      expect(text).toContain('42');
    }
    // An administrator's own template (any other id) has no default.
    expect(await defaultTemplate(11)).toBeNull();
  });

  test('a favourable networks order: wording, fields, secondary addresses, optional lines dropped', async () => {
    const text = docxText(await mergeTemplate((await defaultTemplate(1))!, flattenRequest(source(), TODAY)));
    expect(text).toContain('Arrêté portant permission de voirie');
    expect(text).toContain('Vu le Code général des collectivités territoriales');
    expect(text).toContain('ARRÊTE');
    expect(text).toContain('Article 1');
    expect(text).toContain('Madame Marie Durand');
    expect(text).toContain('12 bis Rue des Pins, 40130 Capbreton');
    expect(text).toContain('Décision : Favorable.');
    expect(text).toContain('également au droit de 14 Rue des Pins, 40130 Capbreton : Trottoir à refaire.');
    expect(text).toContain('Tranchée sous chaussée : CH6C');
    expect(text).not.toContain('Tranchée sous trottoir');
    expect(text).toContain('Copie en sera adressée à Mairie de Capbreton (mairie@capbreton.fr).');
    expect(text).toContain('Fait le 15/03/2026');
    // No empty paragraph left by the loop and condition tags.
    expect(text).not.toMatch(/\n\n/);
  });

  test('refusals say refusée; the alignment lists its streets and points', async () => {
    const refusal = docxText(
      await mergeTemplate(
        (await defaultTemplate(4))!,
        flattenRequest(source({ cerfa1402301: { isFavorable: false } }), TODAY),
      ),
    );
    expect(refusal).toContain('refus de permission de voirie');
    expect(refusal).toContain('est refusée');
    const alignment = source(
      { type: 2, cerfa1402301: null, individualAlignmentRequest: { isFavorable: true } },
      {
        rues: [
          {
            name: 'Rue des Pins',
            competence: 'Communale',
            points: [{ name: 'P1', type: 'borne', distance: 3.2 }],
          },
        ],
      },
    );
    const text = docxText(await mergeTemplate((await defaultTemplate(2))!, flattenRequest(alignment, TODAY)));
    expect(text).toContain("Arrêté d'alignement individuel");
    expect(text).toContain('Rue des Pins (Communale) :');
    expect(text).toContain('– point P1 (borne) : 3,2 m');
    const refused = docxText(
      await mergeTemplate(
        (await defaultTemplate(5))!,
        flattenRequest(
          {
            ...alignment,
            detail: { ...alignment.detail, individualAlignmentRequest: { isFavorable: false } },
          },
          TODAY,
        ),
      ),
    );
    expect(refused).toContain('est refusée');
  });

  test("today's defaults are not among the superseded ones (which are replaced at their next use)", async () => {
    for (const key of DEFAULT_KEYS)
      expect(await isSupersededDefault(key, (await defaultTemplate(key))!), `modele ${String(key)}`).toBe(
        false,
      );
  });

  test('every act is signed by its signatory: names, then « Fonction » when it has one', async () => {
    const anne = { firstName: 'Anne', lastName: 'Lafitte', jobTitle: 'Maire de Capbreton' };
    for (const key of ACT_DEFAULT_KEYS) {
      const template = (await defaultTemplate(key))!;
      const signedBy = async (signatory: OrderSource['signatory']) =>
        docxText(await mergeTemplate(template, flattenRequest(source({}, { signatory }), TODAY)));
      expect(await signedBy(anne), `modele ${String(key)}`).toMatch(/\nAnne Lafitte\nMaire de Capbreton\n$/);
      // Without a « Fonction », no empty line is left under the name.
      expect(await signedBy({ ...anne, jobTitle: null }), `modele ${String(key)}`).toMatch(
        /[^\n]\nAnne Lafitte\n$/,
      );
    }
  });

  test('the defaults of before the signatory are superseded: an untouched one is upgraded', async () => {
    for (const key of ACT_DEFAULT_KEYS)
      expect(await isSupersededDefault(key, await defaultBeforeSignatory(key)), `modele ${String(key)}`).toBe(
        true,
      );
  });

  test('isDocx tells a Word document from other zips and files', async () => {
    const zip = new PizZip();
    zip.file('hello.txt', 'bonjour');
    expect(await isDocx(zip.generate({ type: 'nodebuffer' }))).toBe(false);
    expect(await isDocx(Buffer.from('%PDF-1.4'))).toBe(false);
    expect(await isDocx(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(false);
  });

  test('findOnPath finds an executable on PATH only', async () => {
    expect(await findOnPath('sh')).toMatch(/\/sh$/);
    expect(await findOnPath('sh', '/nonexistent')).toBeNull();
  });
});
