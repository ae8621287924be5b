const express = require('express');
const helmet = require('helmet');

const app = express();
app.disable('x-powered-by');
app.use(helmet({
  contentSecurityPolicy: {
    directives: {
      // ruleid: js.misconfig.csp-unsafe-inline
      scriptSrc: ["'self'", "'unsafe-inline'"],
      // ok: js.misconfig.csp-unsafe-inline
      styleSrc: ["'self'", "'unsafe-inline'"],
    },
  },
}));

app.use((req, res, next) => {
  // ruleid: js.misconfig.csp-unsafe-inline
  res.setHeader('Content-Security-Policy', "default-src 'self' 'unsafe-inline'");
  next();
});

app.use((req, res, next) => {
  // ok: js.misconfig.csp-unsafe-inline
  res.setHeader('Content-Security-Policy', "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'unsafe-inline'");
  next();
});

module.exports = app;
