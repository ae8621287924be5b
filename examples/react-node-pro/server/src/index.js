const express = require('express');
const cors = require('cors');
const cookieParser = require('cookie-parser');
const config = require('./config');
const auth = require('./routes/auth');
const boards = require('./routes/boards');
const files = require('./routes/files');

const app = express();
app.use(cors({ origin: '*', credentials: true }));
app.use(express.json({ limit: '10mb' }));
app.use(cookieParser());

app.use('/api/auth', auth);
app.use('/api/boards', boards);
app.use('/api/files', files);

app.use((err, req, res, next) => {
  res.status(500).json({ error: err.message, stack: err.stack });
});

app.listen(config.port, () => {
  console.log(`teamboard-api listening on ${config.port}`);
});
