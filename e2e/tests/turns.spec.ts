// The workers' turns (fixtures/turns.ts, decision 0162): tests share the server two at a time, and a
// test that moves the application clock runs while no other does. Plain Node, no browser or server.
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { Turns } from '../fixtures/turns.ts';

/** Which of the promises have settled by the time every pending callback has run. */
async function settled(turns: Record<string, Promise<void>>): Promise<string[]> {
  const done: string[] = [];
  for (const [name, turn] of Object.entries(turns)) void turn.then(() => done.push(name));
  await new Promise((resolve) => setImmediate(resolve));
  return done.sort();
}

test('shared turns run side by side; a turn alone waits for them, and later shared turns wait for it', async () => {
  const turns = new Turns();
  const pid = process.pid;
  const a = turns.take('a', 'shared', pid);
  const b = turns.take('b', 'shared', pid);
  expect(await settled({ a, b })).toEqual(['a', 'b']);

  const clock = turns.take('clock', 'alone', pid);
  const c = turns.take('c', 'shared', pid);
  expect(await settled({ clock, c })).toEqual([]);
  turns.give('a');
  expect(await settled({ clock, c })).toEqual([]);
  turns.give('b');
  expect(await settled({ clock, c })).toEqual(['clock']);
  turns.give('clock');
  expect(await settled({ c })).toEqual(['c']);
});

test('a turn held by a process that has exited is given back', async () => {
  const turns = new Turns();
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  void turns.take('crashed', 'alone', gone);
  const next = turns.take('next', 'shared', process.pid);
  expect(await settled({ next })).toEqual([]);
  turns.sweep();
  expect(await settled({ next })).toEqual(['next']);
});
