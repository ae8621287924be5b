const db = require('./db');

async function search(name) {
  const result = await db.findUsersByName(name);
  return result.rows;
}

async function profile(id) {
  const result = await db.getUser(id);
  return result.rows[0];
}

async function update(id, body) {
  await db.updateUser(id, body);
  return profile(id);
}

module.exports = { search, profile, update };
