import { expect, test } from 'vitest';
import { recoverInterruptedGenerations } from '../src/orders/recover-generations.ts';
import { testAppForFile } from './test-app.ts';
import { createRequest, requestHistory } from './requests-factory.ts';

const t = testAppForFile();

test('at start-up, a request left in 999 by a stopped server returns to instruction, traced', async () => {
  const stuck = await createRequest(t.database.db, { state: 999 });
  const other = await createRequest(t.database.db, { state: 4 });
  expect(await recoverInterruptedGenerations(t.database.db)).toBe(1);
  const states = await t.database.db
    .selectFrom('request')
    .select(['id', 'stateId', 'exState'])
    .where('id', 'in', [stuck.id, other.id])
    .orderBy('id')
    .execute();
  expect(states).toEqual([
    { id: stuck.id, stateId: 3, exState: 999 },
    { id: other.id, stateId: 4, exState: null },
  ]);
  const history = await requestHistory(t.database.db, stuck.id);
  expect(history.map((entry) => entry.context)).toEqual(["La génération de l'arrêté a échoué."]);
  expect(await recoverInterruptedGenerations(t.database.db)).toBe(0);
});
