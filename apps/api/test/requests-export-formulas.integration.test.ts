import { beforeAll, describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// A field typed '=2+5' came out of the export as a formula. Every text cell
// starting with = + - @ tab or CR is written with a leading apostrophe (OWASP), in both exports.

const t = testAppForFile();
const { admin, alice } = accountsForFile(t, { admin: ['ROLE_ADMIN'], alice: ['ROLE_DEMANDEUR'] });
let formulaId = 0;
let phoneId = 0;

beforeAll(async () => {
  const db = t.database.db;
  formulaId = (
    await createRequest(db, {
      owner: alice,
      numaffaire: '=2+5',
      addressNum: '=1+1',
      city: '-1',
      petitioner: { firstName: '@SUM(1)', lastName: 'Durand', email: alice.email },
      beneficiary: { firstName: '-2+3', lastName: 'Martin' },
    })
  ).id;
  phoneId = (
    await createRequest(db, {
      owner: alice,
      numaffaire: '+33 6 12 34 56 78',
      city: '\tCapbreton',
      dateStart: '2026-07-14',
      petitioner: {
        corporationName: '=HYPERLINK("http://x.test";"clic")',
        corporationAgent: 'Hélène',
        email: alice.email,
      },
    })
  ).id;
});

/** The cells of a `;` CSV with quoted fields (RFC 4180 quoting), by line. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

async function exported(
  user: TestUser,
  path: 'export' | 'export/admin',
): Promise<Map<string, Record<string, string>>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  const [header, ...lines] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  return new Map(
    lines.map((cells) => [
      cells[0]!,
      Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])),
    ]),
  );
}

describe('exports neutralise formulas', () => {
  test.each(['export', 'export/admin'] as const)(
    'GET %s: the cells read back with a leading apostrophe',
    async (path) => {
      const rows = await exported(path === 'export' ? alice : admin, path);
      const formula = rows.get(String(formulaId))!;
      expect(formula['Numéro affaire']).toBe("'=2+5");
      expect(formula.Localisation).toBe("'=1+1 rue des Pins");
      expect(formula.Ville).toBe("'-1");
      expect(formula.Demandeur).toBe("'@SUM(1) Durand");
      const phone = rows.get(String(phoneId))!;
      expect(phone['Numéro affaire']).toBe("'+33 6 12 34 56 78");
      expect(phone.Ville).toBe("'\tCapbreton");
      expect(phone.Demandeur).toBe('\'=HYPERLINK("http://x.test";"clic") - Hélène');
      // Ids and dates are written as they are.
      expect(phone['N°']).toBe(String(phoneId));
      expect(phone['Début']).toBe('14/07/2026');
      if (path === 'export/admin') expect(formula['Bénéficiaire']).toBe("'-2+3 Martin");
      // No cell of the whole export starts a formula.
      for (const row of rows.values()) {
        for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
      }
    },
  );
});
