const axios = require('axios');

function routes(app) {
  app.get('/go', (req, res) => {
    // ruleid: js.redirect.open-redirect
    res.redirect(req.query.to);
  });
  app.get('/home', (req, res) => {
    // ok: js.redirect.open-redirect
    res.redirect('/dashboard');
  });
  app.get('/item', (req, res) => {
    // ok: js.redirect.open-redirect
    res.redirect(`/items/${req.query.id}`);
    // ruleid: js.redirect.open-redirect
    res.redirect(`/${req.query.next}`);
    // ok: js.redirect.open-redirect
    res.redirect(loginRedirect(req.query.client));
    // ruleid: js.redirect.open-redirect
    res.redirect(req.get('X-Return-To'));
    // a status code beside the target (Fastify 5's reply.redirect(url, code), Express's res.redirect(code, url))
    // ok: js.redirect.open-redirect
    res.redirect(`/device/${req.params.deviceId}/overview`, 303);
    // ok: js.redirect.open-redirect
    res.redirect(301, `/items/${req.query.id}`);
    // ruleid: js.redirect.open-redirect
    res.redirect(req.query.to, 303);
  });
  app.post('/fetch', async (req, res) => {
    // ruleid: js.ssrf.request-url
    const r = await axios.get(req.body.url);
    // ruleid: js.ssrf.request-url
    const f = await fetch(req.query.feed);
    // ok: js.ssrf.request-url
    const s = await axios.get('https://api.example.com/items', { params: { q: req.body.q } });
    // ruleid: js.ssrf.request-url
    const o = await axios({ url: req.body.target, method: 'GET' });
    // ok: js.ssrf.request-url
    const p = await axios({ url: 'http://127.0.0.1:8080/proxy', method: req.method, headers: { ...req.headers } });
    res.json([r.data, f.status, s.data, o.data, p.data]);
  });
}

module.exports = { routes };
