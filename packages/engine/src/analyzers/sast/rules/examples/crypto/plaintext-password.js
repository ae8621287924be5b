const argon2 = require('argon2');

async function login(req, res, db) {
  const userPassword = req.body.password;
  const user = await db.user.findAll({ where: { email: req.body.email } });
  // ruleid: js.crypto.plaintext-password-compare
  if (user[0].password == userPassword) return res.json(user[0]);
  // ruleid: js.crypto.plaintext-password-compare
  if (req.body.password !== user[0].password) return res.sendStatus(401);
  // ok: js.crypto.plaintext-password-compare
  if (await argon2.verify(user[0].passwordHash, userPassword)) return res.json(user[0]);
  // ok: js.crypto.plaintext-password-compare
  if (user[0].password_hash === hashedPassword) return res.json(user[0]);
  // ok: js.crypto.plaintext-password-compare
  if (req.body.password !== req.body.confirmPassword) return res.sendStatus(400);
  // ok: js.crypto.plaintext-password-compare
  if (body.password === '') return res.sendStatus(400);
  const password = require('crypto').createHmac('sha256', process.env.PEPPER).update(userPassword).digest('hex');
  // ok: js.crypto.plaintext-password-compare
  if (user[0].password === password) return res.json(user[0]);
  return res.sendStatus(401);
}

module.exports = { login };

function configuredLogin(settings, login, password) {
  // ok: js.crypto.plaintext-password-compare
  return settings.users.find((user) => user.username === login && user.password === password);
}
