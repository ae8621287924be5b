const express = require('express');
const bcrypt = require('bcrypt');
const sqlite3 = require('sqlite3');

const app = express();
app.disable('x-powered-by');
const db = new sqlite3.Database('./app.db');

app.post('/api/register', (req, res) => {
  const { username, password, email } = req.body;
  // ruleid: js.crypto.plaintext-password-storage
  const query = `INSERT INTO users (username, password, email) VALUES ("${username}", "${password}", "${email}")`;
  db.run(query, () => res.sendStatus(201));
});

app.post('/api/reset', (req, res) => {
  // ruleid: js.crypto.plaintext-password-storage
  db.run('UPDATE users SET password = ? WHERE email = ?', [req.body.password, req.body.email], () => res.sendStatus(204));
});

app.post('/api/signup', async (req, res) => {
  const { username, password } = req.body;
  const hash = await bcrypt.hash(password, 12);
  // ok: js.crypto.plaintext-password-storage
  db.run('INSERT INTO users (username, password) VALUES (?, ?)', [username, hash], () => res.sendStatus(201));
});

function createUser(username, passwordHash) {
  // ok: js.crypto.plaintext-password-storage
  db.run('INSERT INTO users (username, password) VALUES (?, ?)', [username, passwordHash]);
}

app.post('/api/profile', (req, res) => {
  // ok: js.crypto.plaintext-password-storage
  db.run('UPDATE users SET nickname = ? WHERE id = ?', [req.body.nickname, req.user.id], () => res.sendStatus(204));
});

module.exports = { app, createUser };
