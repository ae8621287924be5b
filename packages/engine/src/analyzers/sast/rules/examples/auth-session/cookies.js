const jwt = require('jsonwebtoken');
const session = require('express-session');

function login(req, res, sid) {
  // ruleid: js.auth.cookie-without-secure, js.auth.cookie-without-httponly
  res.cookie('sid', sid);
  // ruleid: js.auth.cookie-without-secure
  res.cookie('sid', sid, { httpOnly: true, secure: false });
  // ruleid: js.auth.cookie-without-httponly
  res.cookie('sid', sid, { secure: true });
  // ok: js.auth.cookie-without-secure, js.auth.cookie-without-httponly
  res.cookie('sid', sid, { secure: true, httpOnly: true, sameSite: 'lax' });
  // ok: js.auth.cookie-without-secure, js.auth.cookie-without-httponly
  res.cookie('sid', sid, { ...cookieDefaults });
  // ok: js.auth.cookie-without-secure, js.auth.cookie-without-httponly
  res.clearCookie('sid');
}

const sessions = session({
  secret: process.env.SESSION_SECRET,
  // ruleid: js.auth.cookie-without-secure
  cookie: { secure: false, httpOnly: true },
});

// no cookie.secure at all: express-session sends the cookie over plain HTTP too
// ruleid: js.auth.cookie-without-secure
const sessions3 = session({
  secret: process.env.SESSION_SECRET,
  resave: false,
});

// ok: js.auth.cookie-without-secure
const sessions4 = session({ secret: process.env.SESSION_SECRET, cookie: { secure: 'auto' } });

const sessions2 = session({
  secret: process.env.SESSION_SECRET,
  // ok: js.auth.cookie-without-secure
  cookie: { secure: true, httpOnly: true },
});

function currentUser(req) {
  // ruleid: js.auth.jwt-verification-disabled
  const claims = jwt.decode(req.headers.authorization);
  return claims.sub;
}

function verifiedUser(req, key) {
  // ok: js.auth.jwt-verification-disabled
  const claims = jwt.verify(req.headers.authorization, key, { algorithms: ['RS256'] });
  // ok: js.auth.jwt-verification-disabled
  const header = jwt.decode(req.headers.authorization, { complete: true }).header;
  return [claims, header];
}

function noneAlg(token, key) {
  // ruleid: js.auth.jwt-verification-disabled
  return jwt.verify(token, key, { algorithms: ['none', 'HS256'] });
}

module.exports = { login, sessions, sessions2, currentUser, verifiedUser, noneAlg };
