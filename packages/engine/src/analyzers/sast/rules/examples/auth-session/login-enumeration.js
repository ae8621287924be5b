const bcrypt = require('bcrypt');

async function login(req, res) {
  const user = await User.findOne({ email: req.body.email });
  if (!user) return res.status(401).json({ error: 'No user found with this email' });
  if (!(await bcrypt.compare(req.body.password, user.hash))) {
    // ruleid: js.auth.user-enumeration
    return res.status(401).json({ error: 'Incorrect password' });
  }
  return res.json({ token: sign(user) });
}

async function loginGeneric(req, res) {
  const user = await User.findOne({ email: req.body.email });
  if (!user || !(await bcrypt.compare(req.body.password, user.hash))) {
    console.warn('login failed: user not found or wrong password');
    // ok: js.auth.user-enumeration
    return res.status(401).json({ error: 'Invalid email or password' });
  }
  return res.json({ token: sign(user) });
}
