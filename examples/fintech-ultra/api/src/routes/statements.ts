import express from 'express';
import path from 'path';
import { execSync } from 'child_process';
import Handlebars from 'handlebars';
import serialize from 'node-serialize';
import { config } from '../config';
import { requireMerchant } from '../lib/auth';

export const statements = express.Router();

statements.get('/download', requireMerchant, (req, res) => {
  const file = path.join(config.statementsDir, String(req.query.file));
  res.download(file);
});

statements.post('/render', requireMerchant, (req, res) => {
  const template = Handlebars.compile(req.body.template);
  res.send(template(req.body.data));
});

statements.post('/export', requireMerchant, (req, res) => {
  const month = req.body.month;
  const output = execSync('python3 export_statement.py --month ' + month).toString();
  res.type('text/csv').send(output);
});

statements.post('/preferences', requireMerchant, (req, res) => {
  const prefs = serialize.unserialize(req.cookies.prefs);
  res.json(prefs);
});

statements.get('/oauth/callback', (req, res) => {
  res.redirect(String(req.query.redirect_uri));
});
