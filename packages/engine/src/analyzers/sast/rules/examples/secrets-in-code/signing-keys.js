const jwt = require('jsonwebtoken');
const session = require('express-session');
const cookieParser = require('cookie-parser');

function sign(user) {
  // ruleid: js.secrets.hardcoded-signing-key
  return jwt.sign({ user }, 'access', { expiresIn: '2d' });
}

function signSafely(user) {
  // ok: js.secrets.hardcoded-signing-key
  return jwt.sign({ user }, process.env.JWT_SECRET, { expiresIn: '2d' });
}

function setup(app) {
  // ruleid: js.secrets.hardcoded-signing-key
  app.use(session({ secret: 'keyboard cat', resave: false, cookie: { secure: true } }));
  // ok: js.secrets.hardcoded-signing-key
  app.use(session({ secret: process.env.SESSION_SECRET, resave: false, cookie: { secure: true } }));
  // ruleid: js.secrets.hardcoded-signing-key
  app.use(cookieParser('cookie signing words'));
}

module.exports = { sign, signSafely, setup };
