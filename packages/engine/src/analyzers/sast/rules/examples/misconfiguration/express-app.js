// @ts-nocheck
const express = require('express');

// ruleid: js.misconfig.x-powered-by
const app = express();
app.get('/', (req, res) => res.send('ok'));
app.listen(3000);
