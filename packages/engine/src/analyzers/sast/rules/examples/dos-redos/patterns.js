const express = require('express');

// ruleid: js.redos.catastrophic-backtracking
const a = /^(a+)+$/;
// ruleid: js.redos.catastrophic-backtracking
const b = new RegExp('^(\\w|\\d)+$');
// ok: js.redos.catastrophic-backtracking
const c = /^[a-z0-9-]+$/i;
// ok: js.redos.catastrophic-backtracking
const d = /(\d+\.)+\d+/;

function search(req, res) {
  // ruleid: js.dos.regex-from-request
  const re = new RegExp(req.query.q);
  // ok: js.dos.regex-from-request
  const safe = new RegExp(escapeRegExp(req.query.q));
  res.json([re.test('x'), safe.test('x'), a, b, c, d]);
}

const app = express();
app.disable('x-powered-by');
// ruleid: js.dos.unbounded-body-limit
app.use(express.json({ limit: '500mb' }));
// ok: js.dos.unbounded-body-limit
app.use(express.json({ limit: '1mb' }));

module.exports = { search, app };
