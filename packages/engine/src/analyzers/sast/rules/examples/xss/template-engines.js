// @ts-nocheck
const swig = require('swig');
const nunjucks = require('nunjucks');
const Handlebars = require('handlebars');

// ruleid: js.xss.template-autoescape-disabled
swig.setDefaults({ autoescape: false });
// ok: js.xss.template-autoescape-disabled
swig.setDefaults({ cache: false });
// ruleid: js.xss.template-autoescape-disabled
nunjucks.configure('views', { autoescape: false, express: app });
// ok: js.xss.template-autoescape-disabled
nunjucks.configure('views', { autoescape: true });
// ruleid: js.xss.template-autoescape-disabled
const env = new nunjucks.Environment(new nunjucks.FileSystemLoader('views'), { autoescape: false });
// ruleid: js.xss.template-autoescape-disabled
const raw = Handlebars.compile(source, { noEscape: true });
// ok: js.xss.template-autoescape-disabled
const escaped = Handlebars.compile(source, { strict: true });
