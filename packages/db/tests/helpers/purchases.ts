// Pays a token purchase the way the verified webhook does: the server opens it (service role)
// and applies a checkout.session.completed event through private.apply_stripe_event.
import crypto from 'node:crypto';
import type { Db } from '@tagledger/db';
import { asService } from '@tagledger/db/testing';

export async function payPurchase(db: Db, userId: string, packageName = 'Starter'): Promise<string> {
  const pkg = (
    await db.query<{ id: string; price_minor: string }>(
      'select id, price_minor from public.token_packages where name = $1',
      [packageName],
    )
  ).rows[0]!;
  const session = `cs_${crypto.randomUUID()}`;
  return asService(db, async (tx) => {
    const id = (await tx.query<{ id: string }>('select id from private.open_token_purchase($1, $2)', [userId, pkg.id]))
      .rows[0]!.id;
    await tx.query('select private.attach_checkout_session($1, $2)', [id, session]);
    await tx.query(`select private.apply_stripe_event($1, 'checkout.session.completed', $2::jsonb)`, [
      `evt_${crypto.randomUUID()}`,
      JSON.stringify({
        id: session,
        client_reference_id: id,
        metadata: { purchase_id: id, user_id: userId },
        amount_total: Number(pkg.price_minor),
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: `pi_${id}`,
      }),
    ]);
    return id;
  });
}

export async function refundPurchase(db: Db, purchaseId: string): Promise<void> {
  await asService(db, (tx) =>
    tx.query(
      `select private.apply_stripe_event($1, 'charge.refunded',
         jsonb_build_object('payment_intent', p.stripe_payment_intent, 'amount_refunded', p.amount_minor, 'currency', p.currency))
         from public.token_purchases p where p.id = $2::uuid`,
      [`evt_${crypto.randomUUID()}`, purchaseId],
    ),
  );
}
