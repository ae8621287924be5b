import logging

log = logging.getLogger(__name__)


def login(username, password, token):
    # ruleid: py.logging.sensitive-data
    log.info("login %s with password %s", username, password)
    # ruleid: py.logging.sensitive-data
    logging.debug(f"issued token {token}")
    # ok: py.logging.sensitive-data
    log.info("login attempt for %s", username)
    # ok: py.logging.sensitive-data
    log.info("password length %d", len(password))
    # ok: py.logging.sensitive-data
    log.warning("password reset requested for %s", username)
    # ok: py.logging.sensitive-data
    log.debug("token issued for %s: %s", username, mask(token))
