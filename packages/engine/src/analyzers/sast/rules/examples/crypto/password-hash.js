const crypto = require('crypto');
const md5 = require('md5');

function storePassword(user, password) {
  // ruleid: js.crypto.password-fast-hash
  user.hash = crypto.createHash('sha256').update(password).digest('hex');
  // ruleid: js.crypto.password-fast-hash
  user.legacy = md5(password);
  // ok: js.crypto.password-fast-hash
  user.etag = crypto.createHash('sha256').update(user.email).digest('hex');
  // ok: js.crypto.password-fast-hash
  user.digestHa1 = md5(`${user.name}:${'realm'}:${password}`);
}

async function preHash(pool, rounds, password) {
  // ok: js.crypto.password-fast-hash
  const wrapped = crypto.createHash('sha512').update(password).digest('hex');
  return pool.exec('hash', [wrapped, rounds]);
}

module.exports = { storePassword, preHash };
