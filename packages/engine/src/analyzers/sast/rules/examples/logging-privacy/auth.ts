// @ts-nocheck
export function login(user, req, logger) {
  // ruleid: js.logging.sensitive-data
  console.log('login', user.email, req.body.password);
  // ruleid: js.logging.sensitive-data
  logger.info(`api key ${apiKey}`);
  // ok: js.logging.sensitive-data
  console.log('login', user.email);
  // ok: js.logging.sensitive-data
  logger.debug('token length', accessToken.length);
  // ok: js.logging.sensitive-data
  logger.info({ userId: user.id, hasPassword: Boolean(user.passwordHash) }, 'password changed');
}
