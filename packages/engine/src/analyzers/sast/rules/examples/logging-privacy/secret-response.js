const express = require('express');
const jwt = require('jsonwebtoken');

const router = express.Router();
const JWT_SECRET = process.env.JWT_SECRET ?? '';
const JWT_EXPIRES_IN = '1h';
const STRIPE_PUBLISHABLE_KEY = process.env.STRIPE_PUBLISHABLE_KEY;

router.post('/login', (req, res) => {
  const token = jwt.sign({ sub: req.body.user }, JWT_SECRET, { expiresIn: JWT_EXPIRES_IN });
  res.json({
    token,
    // ok: js.logging.secret-in-response
    expiresIn: JWT_EXPIRES_IN,
    tokenInfo: {
      // ruleid: js.logging.secret-in-response
      secret: JWT_SECRET,
    },
  });
});

router.get('/debug/config', (req, res) => {
  res.status(200).json({
    // ruleid: js.logging.secret-in-response
    sessionSecret: process.env.SESSION_SECRET,
    // ruleid: js.logging.secret-in-response
    databaseUrl: process.env.DATABASE_URL,
    // ok: js.logging.secret-in-response
    stripeKey: STRIPE_PUBLISHABLE_KEY,
  });
});

router.get('/signing', (req, res) => {
  // ok: js.logging.secret-in-response
  const signed = jwt.sign({ a: 1 }, JWT_SECRET);
  res.json({ signed });
});

router.get('/system-info', (req, res) => {
  const info = {
    uptime: process.uptime(),
    // ruleid: js.logging.secret-in-response
    environment: process.env,
    // ok: js.logging.secret-in-response
    nodeEnv: process.env.NODE_ENV,
  };
  res.json(info);
});

router.get('/env', (req, res) => {
  // ruleid: js.logging.secret-in-response
  res.send(process.env);
});

router.get('/env-logged', (req, res) => {
  const snapshot = {
    // ok: js.logging.secret-in-response
    environment: process.env,
  };
  console.log(snapshot);
  res.json({ ok: true });
});

module.exports = router;
