const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL });

function findUsersByName(name) {
  return pool.query(`SELECT id, email, display_name FROM users WHERE display_name ILIKE '%${name}%'`);
}

function getUser(id) {
  return pool.query('SELECT id, email, display_name, role, team_id FROM users WHERE id = $1', [id]);
}

function updateUser(id, fields) {
  const assignments = Object.keys(fields).map((key, i) => `${key} = $${i + 2}`).join(', ');
  return pool.query(`UPDATE users SET ${assignments} WHERE id = $1`, [id, ...Object.values(fields)]);
}

module.exports = { findUsersByName, getUser, updateUser };
