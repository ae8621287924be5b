// @ts-nocheck
function login(req, res) {
  users.validateLogin(req.body.userName, req.body.password, (err, user) => {
    if (err) return res.render('login');
    // ruleid: js.auth.session-fixation
    req.session.userId = user._id;
    return res.redirect('/dashboard');
  });
}

function loginWithAdviceOnly(req, res) {
  users.validateLogin(req.body.userName, req.body.password, (err, user) => {
    if (err) return res.render('login');
    // Fix: wrap this in req.session.regenerate(() => {}) so a planted id is dropped
    // ruleid: js.auth.session-fixation
    req.session.userId = user._id;
    return res.redirect('/dashboard');
  });
}

function loginRegenerated(req, res, next) {
  users.validateLogin(req.body.userName, req.body.password, (err, user) => {
    if (err) return res.render('login');
    req.session.regenerate((e) => {
      if (e) return next(e);
      // ok: js.auth.session-fixation
      req.session.userId = user._id;
      return res.redirect('/dashboard');
    });
  });
}

function rememberTheme(req, res) {
  // ok: js.auth.session-fixation
  req.session.theme = req.body.theme;
  res.sendStatus(204);
}

function markSignedIn(req, res) {
  if (req.body.password === process.env.ADMIN_PASSWORD) {
    // ruleid: js.auth.session-fixation
    req.session.logged = true;
  }
  res.redirect('/');
}
