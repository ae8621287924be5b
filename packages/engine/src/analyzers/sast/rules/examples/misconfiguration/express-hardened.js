// @ts-nocheck
const express = require('express');
const helmet = require('helmet');

// ok: js.misconfig.x-powered-by
const app = express();
app.use(helmet());
// ok: js.misconfig.x-powered-by
const admin = express();
admin.disable('x-powered-by');
// a Router is not an application
// ok: js.misconfig.x-powered-by
const router = express.Router();
