function currentUser(req) {
  // ruleid: js.auth.unsigned-cookie-state
  return JSON.parse(Buffer.from(req.cookies.profile, 'base64').toString());
}

function signedUser(req) {
  // ok: js.auth.unsigned-cookie-state
  return JSON.parse(req.signedCookies.profile);
}

function decodePayload(payload) {
  // ok: js.auth.unsigned-cookie-state
  return JSON.parse(Buffer.from(payload, 'base64').toString());
}

module.exports = { currentUser, signedUser, decodePayload };
