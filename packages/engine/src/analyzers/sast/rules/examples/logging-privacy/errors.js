const express = require('express');
const app = express();
app.disable('x-powered-by');

app.get('/items', async (req, res) => {
  try {
    res.json(await load(req.query.id));
  } catch (err) {
    // ruleid: js.logging.stack-trace-in-response
    res.status(500).json({ error: err.message, stack: err.stack });
  }
});

app.get('/quiet', async (req, res) => {
  try {
    res.json(await load(req.query.id));
  } catch (err) {
    // ok: js.logging.stack-trace-in-response
    console.error(err.stack);
    res.status(500).json({ error: 'internal error' });
  }
});

app.use((err, req, res, next) => {
  // ok: js.logging.stack-trace-in-response
  res.status(500).json({ error: err.message, stack: process.env.NODE_ENV === 'production' ? undefined : err.stack });
});

async function koaErrors(ctx, next) {
  try {
    await next();
  } catch (e) {
    // ruleid: js.logging.stack-trace-in-response
    ctx.body = { message: e.message, trace: e.stack };
  }
}

async function load(id) {
  return { id };
}

module.exports = { app, koaErrors };
