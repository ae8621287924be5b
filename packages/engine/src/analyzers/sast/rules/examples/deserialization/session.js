const serialize = require('node-serialize');

function restore(req) {
  // ruleid: js.deserialization.unsafe-unserialize
  const profile = serialize.unserialize(req.cookies.profile);
  // ok: js.deserialization.unsafe-unserialize
  const prefs = JSON.parse(req.cookies.prefs);
  return { profile, prefs };
}

module.exports = { restore };
