// Refunds and disputes in the database (migration 20261127000400, decision 0141): for every order
// in which Stripe may deliver a purchase's refund and dispute events, the tokens that stand reversed
// and whose share they are come out the same; a won dispute gives back only its own share. Fields of
// the wrong type are refused with 22023 before anything moves, and the new helpers are the
// server's alone.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@tagledger/db';
import { asAnon, asService, asUser, createAuthUser, drivers, expectSqlState, type TestDb } from '@tagledger/db/testing';
import { openWithTwoUsers } from './helpers/two-users.js';
import { payPurchase } from './helpers/purchases.js';

type Step =
  | { kind: 'refund'; total: number }
  | { kind: 'created'; amount: number }
  | { kind: 'closed'; status: 'won' | 'lost'; amount: number };

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

async function apply(db: Db, purchaseId: string, step: Step): Promise<string> {
  const { rows } = await db.query<{ intent: string }>(
    'select stripe_payment_intent as intent from public.token_purchases where id = $1',
    [purchaseId],
  );
  const intent = rows[0]!.intent;
  const [type, object] =
    step.kind === 'refund'
      ? ['charge.refunded', { payment_intent: intent, amount_refunded: step.total, currency: 'gbp' }]
      : [
          step.kind === 'created' ? 'charge.dispute.created' : 'charge.dispute.closed',
          {
            id: `dp_${purchaseId}`,
            payment_intent: intent,
            amount: step.amount,
            currency: 'gbp',
            status: step.kind === 'created' ? 'needs_response' : step.status,
          },
        ];
  return asService(
    db,
    async (tx) =>
      (
        await tx.query<{ r: { outcome: string } }>('select private.apply_stripe_event($1, $2, $3::jsonb) as r', [
          `evt_${crypto.randomUUID()}`,
          type,
          JSON.stringify(object),
        ])
      ).rows[0]!.r.outcome,
  );
}

interface Shares {
  balance: number;
  debt: number;
  tokens_refunded: number;
  tokens_disputed: number;
  tokens_reversed: number;
}

async function shares(db: Db, userId: string, purchaseId: string): Promise<Shares> {
  const { rows } = await db.query<Shares>(
    `select w.balance::int, w.debt::int, p.tokens_refunded::int, p.tokens_disputed::int, p.tokens_reversed::int
       from public.token_purchases p join public.user_wallets w on w.user_id = p.user_id
      where p.id = $1 and p.user_id = $2`,
    [purchaseId, userId],
  );
  return rows[0]!;
}

describe.each(drivers)('refund and dispute shares on %s', (driver) => {
  let t: TestDb;
  let alice: string;
  let admin: string;

  beforeAll(async () => {
    ({ t, alice } = await openWithTwoUsers(driver));
    admin = await createAuthUser(t.db, { role: 'admin' });
  });
  afterAll(() => t?.close());

  // The Standard package: 500 TMT for 450p, bought by a new user holding the 50 TMT welcome bonus.
  const scenarios: { name: string; steps: Step[]; expected: Omit<Shares, 'debt'> }[] = [
    {
      name: 'refund 225, dispute 225 won',
      steps: [
        { kind: 'refund', total: 225 },
        { kind: 'created', amount: 225 },
        { kind: 'closed', status: 'won', amount: 225 },
      ],
      expected: { balance: 300, tokens_refunded: 250, tokens_disputed: 0, tokens_reversed: 250 },
    },
    {
      name: 'refund 225, dispute 225 lost',
      steps: [
        { kind: 'refund', total: 225 },
        { kind: 'created', amount: 225 },
        { kind: 'closed', status: 'lost', amount: 225 },
      ],
      expected: { balance: 50, tokens_refunded: 250, tokens_disputed: 250, tokens_reversed: 500 },
    },
    {
      name: 'full refund during a dispute of everything, won',
      steps: [
        { kind: 'refund', total: 450 },
        { kind: 'created', amount: 450 },
        { kind: 'closed', status: 'won', amount: 450 },
      ],
      expected: { balance: 50, tokens_refunded: 500, tokens_disputed: 0, tokens_reversed: 500 },
    },
    {
      name: 'half refunded during a dispute of everything, won',
      steps: [
        { kind: 'created', amount: 450 },
        { kind: 'refund', total: 225 },
        { kind: 'closed', status: 'won', amount: 450 },
      ],
      expected: { balance: 300, tokens_refunded: 250, tokens_disputed: 0, tokens_reversed: 250 },
    },
    {
      name: 'two refunds whose running totals arrive in either order',
      steps: [
        { kind: 'refund', total: 100 },
        { kind: 'refund', total: 225 },
      ],
      expected: { balance: 300, tokens_refunded: 250, tokens_disputed: 0, tokens_reversed: 250 },
    },
  ];

  for (const scenario of scenarios) {
    it(`${scenario.name}: the same result in every order`, async () => {
      for (const order of permutations(scenario.steps)) {
        const user = await createAuthUser(t.db);
        const purchase = await payPurchase(t.db, user, 'Standard');
        for (const step of order) await apply(t.db, purchase, step);
        expect([order, await shares(t.db, user, purchase)]).toEqual([order, { ...scenario.expected, debt: 0 }]);
      }
    });
  }

  it('rounds every share up: the buyer never keeps a part of a token they did not pay for', async () => {
    const user = await createAuthUser(t.db);
    const purchase = await payPurchase(t.db, user, 'Standard');
    await apply(t.db, purchase, { kind: 'refund', total: 1 });
    // 500 × 1 / 450 = 1.1 → 2 taken back.
    expect(await shares(t.db, user, purchase)).toMatchObject({ balance: 548, tokens_refunded: 2 });
  });

  it('refuses fields of the wrong type with 22023 and records nothing', async () => {
    const user = await createAuthUser(t.db);
    const purchase = await payPurchase(t.db, user, 'Standard');
    const intent = (
      await t.db.query<{ i: string }>('select stripe_payment_intent as i from public.token_purchases where id = $1', [
        purchase,
      ])
    ).rows[0]!.i;
    const bad: [string, unknown][] = [
      ['charge.refunded', { payment_intent: intent, amount_refunded: 'abc', currency: 'gbp' }],
      ['charge.refunded', { payment_intent: intent, amount_refunded: '225', currency: 'gbp' }],
      ['charge.refunded', { payment_intent: intent, amount_refunded: 22.5, currency: 'gbp' }],
      ['charge.refunded', { payment_intent: intent, amount_refunded: -1, currency: 'gbp' }],
      ['charge.refunded', { payment_intent: intent, amount_refunded: 1e30, currency: 'gbp' }],
      ['charge.refunded', { payment_intent: { id: intent }, amount_refunded: 225, currency: 'gbp' }],
      ['charge.dispute.created', { id: 7, payment_intent: intent, amount: 450, currency: 'gbp' }],
      ['charge.dispute.closed', { payment_intent: intent, amount: 450, currency: 'gbp', status: 'won' }],
      ['checkout.session.completed', { id: 'cs_x', client_reference_id: purchase, amount_total: '450' }],
      ['checkout.session.completed', { id: 'cs_x', client_reference_id: purchase, metadata: 'x' }],
      ['checkout.session.completed', []],
    ];
    for (const [type, object] of bad) {
      const id = `evt_${crypto.randomUUID()}`;
      await expectSqlState(
        asService(t.db, (tx) =>
          tx.query('select private.apply_stripe_event($1, $2, $3::jsonb)', [id, type, JSON.stringify(object)]),
        ),
        '22023',
      );
      const recorded = await t.db.query('select 1 from private.stripe_events where id = $1', [id]);
      expect([type, object, recorded.rows]).toEqual([type, object, []]);
    }
    expect(await shares(t.db, user, purchase)).toMatchObject({ balance: 550, tokens_reversed: 0 });
  });

  it('keeps the reversal helpers to the server', async () => {
    const purchase = await payPurchase(t.db, alice, 'Starter');
    const calls = [
      `select private.settle_purchase_reversals('${purchase}', 'purchase_refund', 'evt_x')`,
      `select private.stripe_minor('{"a": 1}'::jsonb, 'a')`,
      `select private.stripe_text('{"a": "b"}'::jsonb, 'a')`,
      `select private.tokens_for_amount(500, 450, 225)`,
    ];
    for (const sql of calls) {
      await expectSqlState(
        asUser(t.db, alice, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, admin, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(sql)),
        '42501',
      );
      await expectSqlState(
        asService(t.db, (tx) => tx.query(sql)),
        '42501',
      );
    }
    for (const column of ['tokens_refunded', 'tokens_disputed', 'amount_disputed_minor', 'stripe_dispute_id']) {
      await expectSqlState(
        asUser(t.db, alice, (tx) =>
          tx.query(`update public.token_purchases set ${column} = null where id = $1`, [purchase]),
        ),
        '42501',
      );
    }
    const own = await asUser(t.db, alice, (tx) =>
      tx.query('select tokens_refunded::int, tokens_disputed::int from public.token_purchases where id = $1', [
        purchase,
      ]),
    );
    expect(own.rows).toEqual([{ tokens_refunded: 0, tokens_disputed: 0 }]);
  });
});
