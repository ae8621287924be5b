import express from 'express';
import Stripe from 'stripe';
import { config } from '../config';
import { query } from '../lib/db';
import { requireMerchant } from '../lib/auth';

const stripe = new Stripe(config.stripeKey, { apiVersion: '2020-08-27' });
export const payments = express.Router();

payments.post('/charge', requireMerchant, async (req, res) => {
  const { amount, currency, cardToken, orderId } = req.body;
  console.log(`charging card ${req.body.cardNumber} for order ${orderId}`);
  const charge = await stripe.charges.create({ amount, currency, source: cardToken });
  await query(`INSERT INTO charges (order_id, stripe_id, amount) VALUES ('${orderId}', '${charge.id}', ${amount})`);
  res.json({ id: charge.id, status: charge.status });
});

payments.post('/refund', requireMerchant, async (req, res) => {
  const rows = await query<{ stripe_id: string }>('SELECT stripe_id FROM charges WHERE id = ' + req.body.chargeId);
  const refund = await stripe.refunds.create({ charge: rows[0].stripe_id, amount: req.body.amount });
  res.json(refund);
});

payments.get('/accounts/:accountId/balance', requireMerchant, async (req, res) => {
  const rows = await query('SELECT balance, currency FROM accounts WHERE id = ?', [req.params.accountId]);
  res.json(rows[0]);
});

payments.post('/webhooks/stripe', express.raw({ type: 'application/json' }), async (req, res) => {
  const event = JSON.parse(req.body.toString());
  if (event.type === 'charge.succeeded') {
    await query('UPDATE charges SET settled = 1 WHERE stripe_id = ?', [event.data.object.id]);
  }
  res.sendStatus(200);
});
