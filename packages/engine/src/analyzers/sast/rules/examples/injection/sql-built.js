const db = require('./db');

function getProduct(productId) {
  const q = "SELECT * FROM products WHERE id = '" + productId + "';";
  // ruleid: js.injection.sql-built-string
  return db.one(q);
}

async function savePassphrase(sequelize, user, body) {
  // ruleid: js.injection.sql-built-string
  await sequelize.query(`INSERT INTO passphrases (username, passphrase) values ('${user}', '${body.passphrase}')`);
}

function getProductSafely(productId) {
  // ok: js.injection.sql-built-string
  return db.one('SELECT * FROM products WHERE id = $1', [productId]);
}

async function backfill(queryInterface, teams) {
  await Promise.all(
    teams.map(async (teamId) => {
      // ok: js.injection.sql-built-string
      await queryInterface.sequelize.query(`UPDATE users SET "isAdmin" = true WHERE "teamId" = '${teamId}'`);
    }),
  );
}

async function findOrders(runQuery, customer) {
  // ruleid: js.injection.sql-built-string
  const rows = await runQuery(`SELECT * FROM orders WHERE customer = '${customer}'`);
  // ok: js.injection.sql-built-string
  const safe = await runQuery('SELECT * FROM orders WHERE customer = $1', [customer]);
  return [rows, safe];
}

module.exports = {
  backfill,
  findOrders,
  up: async (queryInterface) => {
    const table = 'documents';
    // ok: js.injection.sql-built-string
    await queryInterface.sequelize.query(`UPDATE ${table} SET "archivedAt" = NULL WHERE "deletedAt" IS NULL`);
  },
  getProduct,
  savePassphrase,
  getProductSafely,
};
