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

// The verdict comes back in a callback of the password check; the messages are held in constants.
function handleLogin(req, res) {
  userDAO.validateLogin(req.body.userName, req.body.password, (err, user) => {
    const invalidUserNameErrorMessage = 'Invalid username';
    // ruleid: js.auth.user-enumeration
    const invalidPasswordErrorMessage = 'Invalid password';
    if (err && err.noSuchUser) return res.render('login', { loginError: invalidUserNameErrorMessage });
    if (err && err.invalidPassword) return res.render('login', { loginError: invalidPasswordErrorMessage });
    return res.redirect('/dashboard');
  });
}

// A form validator's messages about the fields' format are not sign-in answers.
function validateSignup(req, res) {
  const errors = validate(req.body, (field) => {
    // ok: js.auth.user-enumeration
    if (field === 'password') return 'Invalid password';
    return field === 'username' ? 'Invalid username' : null;
  });
  return res.json(errors);
}
