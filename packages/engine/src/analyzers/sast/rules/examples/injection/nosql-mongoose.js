// Mongoose models reached by request data (js.injection.nosql-taint, js.injection.nosql-code-taint).
const express = require('express');
const mongoose = require('mongoose');
const sanitize = require('mongo-sanitize');
const { z } = require('zod');

const User = mongoose.model('User', new mongoose.Schema({ email: String, password: String, role: String }));
const Order = require('../models/order');
const router = express.Router();
const Login = z.object({ email: z.string().email(), password: z.string().min(8) });

router.post('/login', async (req, res) => {
  // ruleid: js.injection.nosql-taint
  const user = await User.findOne({ email: req.body.email, password: req.body.password });
  res.json({ ok: !!user });
});

router.get('/users', async (req, res) => {
  // ruleid: js.injection.nosql-taint
  const users = await User.find(req.query);
  res.json(users);
});

router.post('/orders/cancel', async (req, res) => {
  const { orderId } = req.body;
  // ruleid: js.injection.nosql-taint
  await Order.updateMany({ _id: orderId, owner: req.user.id }, { $set: { status: 'cancelled' } });
  // ruleid: js.injection.nosql-taint
  await Order.findByIdAndDelete(orderId);
  res.sendStatus(204);
});

router.get('/search', async (req, res) => {
  // ruleid: js.injection.nosql-taint
  const rows = await User.where('role', req.query.role).limit(10);
  // ruleid: js.injection.nosql-taint
  const more = await User.find().where('email').equals(req.query.email);
  // ruleid: js.injection.nosql-code-taint, js.injection.nosql-where-dynamic
  const legacy = await User.$where('this.email == "' + req.query.email + '"');
  res.json([rows, more, legacy]);
});

router.post('/login-safe', async (req, res) => {
  // ok: js.injection.nosql-taint
  const user = await User.findOne({ email: String(req.body.email), password: `${req.body.password}` });
  const parsed = Login.parse(req.body);
  // ok: js.injection.nosql-taint
  const same = await User.findOne({ email: parsed.email, password: parsed.password });
  res.json({ ok: !!user && !!same });
});

router.post('/login-guarded', async (req, res) => {
  const { email, password } = req.body;
  if (typeof email !== 'string' || typeof password !== 'string') return res.sendStatus(400);
  // ok: js.injection.nosql-taint
  const user = await User.findOne({ email, password });
  res.json({ ok: !!user });
});

router.get('/orders/:id', async (req, res) => {
  // ok: js.injection.nosql-taint
  // ruleid: js.access.object-lookup-without-owner-check
  const byParam = await Order.findById(req.params.id);
  // ok: js.injection.nosql-taint
  const cleaned = await Order.find(sanitize(req.query));
  // ok: js.injection.nosql-taint
  const literal = await Order.find({ status: { $eq: req.query.status }, total: { $gt: Number(req.query.min) } });
  // ok: js.injection.nosql-taint
  const open = await Order.find({ status: 'open' }).sort({ createdAt: -1 });
  res.json([byParam, cleaned, literal, open]);
});

router.get('/recent', async (req, res) => {
  const names = ['a', 'b'];
  // ok: js.injection.nosql-taint
  const hit = names.find((n) => n === req.query.name);
  // ok: js.injection.nosql-code-taint
  const top = await User.$where('this.logins > 10');
  res.json([hit, top]);
});

module.exports = router;
