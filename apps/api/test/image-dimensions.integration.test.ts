import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { IMAGE_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { countRows, createRequest, type TestUser } from './requests-factory.ts';
import {
  bmpOf,
  filesUnder,
  filingParts,
  filingPayload,
  jpegOf,
  pngOf,
  sendParts,
  type Part,
} from './filing-helpers.ts';

// Point 7: "a PNG declaring 100,000 × 100,000 px is accepted as an avatar". Every
// upload that takes images reads the dimensions their header declares and refuses, in French,
// beyond 50 megapixels or 20,000 pixels a side — before anything is stored or decoded.

const t = testAppForFile({ FILING_MAX_PER_HOUR: '1000' }, { dataDir: 'image-dimensions', geo: true });
const { alice } = accountsForFile(t, { alice: ['ROLE_DEMANDEUR'] });

const send = (method: 'POST' | 'PUT', url: string, user: TestUser, parts: readonly Part[]) =>
  sendParts(t, { method, url, user, parts });
const stored = () => filesUnder(path.join(t.config.dataDir, 'files'));
const huge = IMAGE_MESSAGES.tooLarge({ width: 100_000, height: 100_000 });

describe('the avatar of « Mon compte »', () => {
  test('a PNG, a JPEG or a BMP declaring 100,000 × 100,000 pixels is refused, nothing stored', async () => {
    const before = await stored();
    for (const [content, type] of [
      [pngOf(100_000, 100_000), 'image/png'],
      [jpegOf(60_000, 60_000), 'image/jpeg'],
      [bmpOf(100_000, -100_000), 'image/bmp'],
    ] as const) {
      const res = await send('POST', '/api/stduser/upload', alice, [
        { name: 'file', content, filename: 'photo', type },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain("L'image mesure");
    }
    const png = await send('POST', '/api/stduser/upload', alice, [
      { name: 'file', content: pngOf(100_000, 100_000), filename: 'photo.png', type: 'image/png' },
    ]);
    expect(png.json<{ message: string }>().message).toContain(huge);
    expect(await stored()).toEqual(before);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    const row = await t.database.db
      .selectFrom('stdUser')
      .select('avatarSha256')
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row.avatarSha256).toBeNull();
  });

  test('a photo within the limits is taken; a header that cannot be read is refused', async () => {
    const ok = await send('POST', '/api/stduser/upload', alice, [
      { name: 'file', content: jpegOf(4032, 3024), filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    // A PNG whose first chunk is not IHDR; a JPEG that ends before its frame header.
    const noHeader = Buffer.concat([pngOf(10, 10).subarray(0, 12), Buffer.from('IDAT'), Buffer.alloc(40)]);
    const cut = jpegOf(100, 100).subarray(0, 22);
    for (const content of [noHeader, cut]) {
      const res = await send('POST', '/api/stduser/upload', alice, [
        { name: 'file', content, filename: 'photo', type: 'image/png' },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(IMAGE_MESSAGES.unreadable);
    }
  });
});

describe('the pieces of a request', () => {
  test('a filing with a photo of 60,000 × 60,000 pixels is refused whole: no request, no file', async () => {
    const countRequests = () => countRows(t.database.db, 'request');
    const requests = await countRequests();
    const before = await stored();
    const res = await send(
      'POST',
      '/api/request',
      alice,
      filingParts(filingPayload(2), [
        { typeId: 1, content: jpegOf(60_000, 60_000), filename: 'vue.jpg', type: 'image/jpeg' },
        3,
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(
      `vue.jpg : ${IMAGE_MESSAGES.tooLarge({ width: 60_000, height: 60_000 })}`,
    );
    expect(await countRequests()).toBe(requests);
    expect(await stored()).toEqual(before);
  });

  test('a reception photo (PNG) of 100,000 × 100,000 pixels is refused; the reception is not asked', async () => {
    const { id } = await createRequest(t.database.db, { owner: alice, state: 4 });
    const cerfa = await t.database.db
      .insertInto('cerfa14023')
      .values({ isFavorable: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', id).execute();
    const res = await send('POST', `/api/request/${String(id)}/reception`, alice, [
      { name: 'option', content: 'Photos' },
      { name: 'document-104', content: pngOf(100_000, 100_000), filename: 'photo.png', type: 'image/png' },
      { name: 'document-105', content: pngOf(800, 600), filename: 'photo2.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(huge);
    const state = await t.database.db
      .selectFrom('request')
      .select('stateId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(state.stateId).toBe(4);
  });
});
