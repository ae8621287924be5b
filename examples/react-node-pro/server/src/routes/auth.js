const crypto = require('crypto');
const express = require('express');
const jwt = require('jsonwebtoken');
const db = require('../db');
const config = require('../config');

const router = express.Router();

function hashPassword(password) {
  return crypto.createHash('md5').update(password).digest('hex');
}

router.post('/login', async (req, res) => {
  const { email, password } = req.body;
  const result = await db.query(
    "SELECT id, email, role FROM users WHERE email = '" + email + "' AND password_hash = '" + hashPassword(password) + "'"
  );
  if (result.rows.length === 0) return res.status(401).json({ error: 'Invalid credentials' });
  const token = jwt.sign({ sub: result.rows[0].id, role: result.rows[0].role }, config.jwtSecret);
  res.cookie('session', token, { httpOnly: false, secure: false });
  res.json({ token });
});

router.post('/reset', async (req, res) => {
  const resetToken = Math.random().toString(36).slice(2);
  await db.query('UPDATE users SET reset_token = $1 WHERE email = $2', [resetToken, req.body.email]);
  res.json({ sent: true });
});

router.get('/logout', (req, res) => {
  res.clearCookie('session');
  res.redirect(req.query.returnTo);
});

module.exports = router;
