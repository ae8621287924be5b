const cors = require('cors');
const libxmljs = require('libxmljs');

function setup(app) {
  // ruleid: js.misconfig.cors-credentials-any-origin
  app.use(cors({ origin: true, credentials: true }));
  // ok: js.misconfig.cors-credentials-any-origin
  app.use(cors({ origin: ['https://app.example.com'], credentials: true }));
  // ruleid: js.misconfig.cors-wildcard-origin
  app.use(cors({ origin: '*' }));
  // ok: js.misconfig.cors-credentials-any-origin
  // ruleid: js.misconfig.cors-wildcard-origin
  app.use(cors({ origin: '*', credentials: true }));
  app.get('/feed', (req, res) => {
    // ruleid: js.misconfig.cors-wildcard-origin
    res.setHeader('Access-Control-Allow-Origin', '*');
    // ok: js.misconfig.cors-wildcard-origin
    res.setHeader('Access-Control-Allow-Origin', 'https://app.example.com');
    res.send('{}');
  });
}

function parse(xml) {
  // ruleid: js.xxe.libxml-external-entities
  const doc = libxmljs.parseXml(xml, { noent: true });
  // ok: js.xxe.libxml-external-entities
  const safe = libxmljs.parseXml(xml, { noent: false, nonet: true });
  // ruleid: js.xxe.libxml-external-entities
  const option = libxml2.ParseOption.XML_PARSE_NOENT | libxml2.ParseOption.XML_PARSE_NOBLANKS;
  // ok: js.xxe.libxml-external-entities
  const plain = libxml2.ParseOption.XML_PARSE_NOBLANKS;
  return [doc, safe, option, plain];
}

module.exports = { setup, parse };
