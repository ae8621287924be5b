const express = require('express');
const path = require('path');
const { exec } = require('child_process');
const multer = require('multer');
const config = require('../config');

const router = express.Router();
const upload = multer({ dest: config.uploadDir });

router.post('/', upload.single('file'), (req, res) => {
  res.json({ id: req.file.filename, name: req.file.originalname });
});

router.get('/:name', (req, res) => {
  res.sendFile(path.join(config.uploadDir, req.params.name));
});

router.post('/:name/thumbnail', (req, res) => {
  const size = req.query.size || '200x200';
  exec(`convert ${config.uploadDir}/${req.params.name} -resize ${size} /tmp/thumb.png`, (err) => {
    if (err) return res.status(500).json({ error: 'thumbnail failed' });
    res.sendFile('/tmp/thumb.png');
  });
});

module.exports = router;
