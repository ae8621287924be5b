const fs = require('fs');
const jwt = require('jsonwebtoken');

const publicKey = fs.readFileSync('keys/public.pem');

function readToken(token) {
  // ruleid: js.auth.jwt-algorithm-confusion
  return jwt.verify(token, publicKey, { algorithms: ['RS256', 'HS256'] });
}

const mixed = { algorithms: ['ES256', 'HS512'] };

function readOther(token) {
  // ruleid: js.auth.jwt-algorithm-confusion
  return jwt.verify(token, publicKey, mixed);
}

function readTokenStrictly(token) {
  // ok: js.auth.jwt-algorithm-confusion
  return jwt.verify(token, publicKey, { algorithms: ['RS256', 'RS512'] });
}

function readSharedSecret(token) {
  // ok: js.auth.jwt-algorithm-confusion
  return jwt.verify(token, process.env.JWT_SECRET, { algorithms: ['HS256', 'HS512'] });
}

module.exports = { readToken, readOther, readTokenStrictly, readSharedSecret };
