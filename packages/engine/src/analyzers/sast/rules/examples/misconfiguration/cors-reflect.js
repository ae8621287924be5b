const cors = require('cors');

function setCors(req, res) {
  if (req.get('origin')) {
    // ruleid: js.misconfig.cors-origin-reflected-with-credentials
    res.header('Access-Control-Allow-Origin', req.get('origin'));
    res.header('Access-Control-Allow-Credentials', true);
  }
  return res;
}

function setPublicCors(req, res) {
  // ok: js.misconfig.cors-origin-reflected-with-credentials
  res.header('Access-Control-Allow-Origin', req.headers.origin);
  return res;
}

const corsOptions = {
  origin: true,
  credentials: true,
};

const strictOptions = {
  origin: ['https://app.example.com'],
  credentials: true,
};

function setup(app) {
  // ruleid: js.misconfig.cors-credentials-any-origin
  app.use(cors(corsOptions));
  // ok: js.misconfig.cors-credentials-any-origin
  app.use(cors(strictOptions));
}

module.exports = { setCors, setPublicCors, setup };
