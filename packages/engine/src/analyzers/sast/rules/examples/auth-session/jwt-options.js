const jwt = require('jsonwebtoken');

const options = {
  expiresIn: '2d',
  algorithms: ['HS256', 'none'],
};

const strict = {
  algorithms: ['HS256'],
};

function readToken(token) {
  // ruleid: js.auth.jwt-verification-disabled
  return jwt.verify(token, process.env.JWT_SECRET, options);
}

function readTokenStrictly(token) {
  // ok: js.auth.jwt-verification-disabled
  return jwt.verify(token, process.env.JWT_SECRET, strict);
}

module.exports = { readToken, readTokenStrictly };
