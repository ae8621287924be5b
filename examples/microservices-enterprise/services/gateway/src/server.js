const express = require('express');
const axios = require('axios');
const { authenticate } = require('./auth');

const app = express();
app.use(express.json());

const USERS_URL = process.env.USERS_URL || 'http://users:3001';
const ORDERS_URL = process.env.ORDERS_URL || 'http://orders:5001';

app.use('/api', authenticate);

app.all('/api/users/*', async (req, res) => {
  const upstream = await axios({ method: req.method, url: USERS_URL + req.path.replace('/api', ''), data: req.body });
  res.status(upstream.status).json(upstream.data);
});

app.all('/api/orders/*', async (req, res) => {
  const upstream = await axios({ method: req.method, url: ORDERS_URL + req.path.replace('/api', ''), data: req.body });
  res.status(upstream.status).json(upstream.data);
});

app.post('/webhooks/test', async (req, res) => {
  const response = await axios.get(req.body.callbackUrl);
  res.json({ delivered: response.status === 200 });
});

app.listen(8080);
