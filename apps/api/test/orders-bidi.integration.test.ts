import { describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest } from './requests-factory.ts';
import { orderText } from './orders-helpers.ts';
import { generateOrder } from '../src/orders/order-service.ts';
import { noPdfConverter } from '../src/files/pdf-converter.ts';

// Point 7: "right-to-left override characters reach the generated orders". A
// request's text typed with bidirectional controls — a name ending in U+202E, an address with an
// isolate — is merged into its order without them: the act reads as it is stored.

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const t = testAppForFile({}, { dataDir: 'orders-bidi' });
const { instructor } = accountsForFile(t, { instructor: ['ROLE_INSTRUCTEUR'] });

describe('the generated order', () => {
  test('carries no bidirectional control typed in the request', async () => {
    const db = t.database.db;
    const request = await createRequest(db, {
      state: 3,
      instructeurId: instructor.id,
      petitioner: { firstName: 'Marie\u200F', lastName: 'Durand\u202Efdp.exe' },
      addressNum: '12\u2066',
      addressType: 'Rue',
      addressName: 'des \u202BPins\u202C',
      city: 'Cap\u061Cbreton',
    });
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({ isFavorable: true, decisionRoadwayTrench: 'CH6C' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa.id, commentDecision: 'Prévenir la mairie\u2067 48 h avant.\u2069' })
      .where('id', '=', request.id)
      .execute();

    await generateOrder(
      {
        db,
        store: t.ctx.filing.store,
        dataDir: t.config.dataDir,
        maxBytes: t.ctx.filing.maxBytes,
        convertToPdf: noPdfConverter,
      },
      { id: instructor.id, email: instructor.email, roles: ['ROLE_INSTRUCTEUR'], picture: null },
      String(request.id),
    );
    const text = await orderText(t, request.id);
    expect(text).not.toMatch(BIDI);
    for (const expected of [
      'Marie Durandfdp.exe',
      '12 Rue des Pins',
      'Capbreton',
      'CH6C',
      'Prévenir la mairie 48 h avant.',
    ])
      expect(text).toContain(expected);
  });
});
