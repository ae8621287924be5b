const express = require('express');
const _ = require('lodash');
const Handlebars = require('handlebars');
const jwt = require('jsonwebtoken');
const db = require('../db');
const config = require('../config');

const router = express.Router();

function currentUser(req) {
  const token = req.cookies.session || (req.headers.authorization || '').replace('Bearer ', '');
  return jwt.decode(token);
}

router.get('/', async (req, res) => {
  const user = currentUser(req);
  const sort = req.query.sort || 'created_at';
  const rows = await db.query(`SELECT * FROM boards WHERE team_id = ${user.team} ORDER BY ${sort}`);
  res.json(rows.rows);
});

router.get('/:id/print', async (req, res) => {
  const result = await db.query('SELECT title, description FROM boards WHERE id = $1', [req.params.id]);
  const board = result.rows[0];
  res.send(`<html><body><h1>${board.title}</h1><p>Printed for ${req.query.name}</p></body></html>`);
});

router.post('/:id/settings', async (req, res) => {
  const settings = { theme: 'light', notifications: true };
  _.merge(settings, req.body);
  await db.query('UPDATE boards SET settings = $1 WHERE id = $2', [JSON.stringify(settings), req.params.id]);
  res.json(settings);
});

router.post('/:id/digest', (req, res) => {
  const template = Handlebars.compile(req.body.template);
  res.send(template({ board: req.params.id }));
});

router.post('/:id/formula', (req, res) => {
  const value = eval(req.body.expression);
  res.json({ value });
});

module.exports = router;
