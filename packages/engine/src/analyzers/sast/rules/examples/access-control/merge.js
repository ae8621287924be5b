const _ = require('lodash');
const { merge } = require('lodash');
const { mergeDeep, deepExtend } = require('./utils/objects');
const User = require('./models/user');

async function update(req, res) {
  // ruleid: js.access.mass-assignment
  const user = await User.create(req.body);
  // ruleid: js.access.mass-assignment
  // ruleid: js.access.object-lookup-without-owner-check
  await User.findByIdAndUpdate(req.params.id, req.body);
  // ruleid: js.access.mass-assignment
  const draft = new User({ ...req.body });
  // ok: js.access.mass-assignment
  await User.create({ name: req.body.name, email: req.body.email });
  // ok: js.access.mass-assignment
  const safe = Object.assign({}, defaults);
  const payload = req.body;
  // ruleid: js.access.mass-assignment
  const copy = new User(payload);
  const picked = pick(req.body, ['name', 'email']);
  // ok: js.access.mass-assignment
  const chosen = new User(picked);

  // ruleid: js.access.prototype-pollution-merge
  mergeDeep(settings, req.body);
  // ruleid: js.access.prototype-pollution-merge
  deepExtend(config, JSON.parse(req.query.cfg));
  // ok: js.access.prototype-pollution-merge
  mergeDeep(settings, { theme: String(req.body.theme) });
  // lodash skips __proto__/constructor keys since 4.17.12; an older lodash is a dependency advisory
  // ok: js.access.prototype-pollution-merge
  _.merge(settings, req.body);
  // ok: js.access.prototype-pollution-merge
  merge(settings, req.body);
  res.json({ user, draft, safe, copy, chosen });
}

function setPath(target, path, value) {
  const [section, key] = path.split('.');
  // ruleid: js.access.prototype-pollution-assignment
  target[section][key] = value;
}

function setPathSafely(target, section, key, value) {
  if (section === '__proto__' || key === '__proto__' || key === 'constructor') return;
  // ok: js.access.prototype-pollution-assignment
  target[section][key] = value;
}

function fillGrid(grid) {
  for (let i = 0; i < 3; i++) {
    // ok: js.access.prototype-pollution-assignment
    grid[0][1] = i;
  }
}

function transpose(matrix) {
  const out = [];
  for (let i = 0; i < Object.keys(matrix).length; i++) {
    for (let j = 0; j < matrix[i].length; j++) {
      // ok: js.access.prototype-pollution-assignment
      out[j][i] = matrix[i][j];
    }
  }
  return out;
}

function deepAssign(target, source) {
  for (const key in source) {
    for (const sub in source[key]) {
      // ruleid: js.access.prototype-pollution-assignment
      target[key][sub] = source[key][sub];
    }
  }
}

module.exports = { update, setPath, setPathSafely, fillGrid, transpose, deepAssign };

function saveSiteUrl(req, config) {
  // ok: js.access.prototype-pollution-merge
  setPathDeep(config, 'host', req.body.siteUrl);
  // ok: js.access.prototype-pollution-merge
  _.set(config, req.body.key, req.body.value);
}
