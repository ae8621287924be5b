// @ts-nocheck
const express = require('express');
// const helmet = require('helmet');

// ruleid: js.misconfig.x-powered-by
const app = express();
// app.use(helmet());
// app.disable('x-powered-by');
app.listen(3000);
