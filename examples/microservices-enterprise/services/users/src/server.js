const express = require('express');
const service = require('./service');

const app = express();
app.use(express.json());

app.get('/users/search', async (req, res) => {
  res.json(await service.search(req.query.name));
});

app.get('/users/:id', async (req, res) => {
  res.json(await service.profile(req.params.id));
});

app.put('/users/:id', async (req, res) => {
  res.json(await service.update(req.params.id, req.body));
});

app.listen(3001);
