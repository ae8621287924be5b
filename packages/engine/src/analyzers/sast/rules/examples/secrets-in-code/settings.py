import os

import psycopg2

# ruleid: py.secrets.hardcoded-credential
DB_PASSWORD = "s3cr3t-Pa55"
# ruleid: py.secrets.hardcoded-credential
SECRET_KEY = 'django-insecure-8v#k2@x!q'
# ok: py.secrets.hardcoded-credential
API_KEY = os.environ["API_KEY"]
# ok: py.secrets.hardcoded-credential
STRIPE_SECRET_KEY = "sk_test_51HxAbCdEf9"
# ok: py.secrets.hardcoded-credential
ADMIN_PASSWORD = "changeme-now-42"
# ok: py.secrets.hardcoded-credential
SMTP_PASSWORD = "replace-this-please"
# ok: py.secrets.hardcoded-signing-key
SECRET_KEY = "replace-this-please"
# ruleid: py.secrets.hardcoded-credential
MAIL_PASSWORD = "replaced-9f2Kq7"
# ok: py.secrets.hardcoded-credential
PASSWORD_FIELD = "password"
# ok: py.secrets.hardcoded-credential
# ruleid: py.secrets.default-credential
_DEFAULT_PASSWORD = "MyPassword"
# ok: py.secrets.default-credential
DEFAULT_PASSWORD_LENGTH = "sixteen"
from enum import Enum


class AuthMethods(Enum):
    # ok: py.secrets.hardcoded-credential
    username_and_password = "username-password-42"


JSON_FIELDS = {
    # ok: py.secrets.hardcoded-credential
    "smtp_password": "mail_settings",
}
# ok: py.secrets.hardcoded-credential
TOKEN_ENV = "GITHUB_TOKEN"
# ok: py.secrets.hardcoded-credential
password = ""
# ok: py.secrets.hardcoded-credential
reset_token = "<your-token-here>"


class Config:
    def __init__(self):
        # ruleid: py.secrets.hardcoded-credential
        self.api_key = "AKIA1234567890ABCDKEY9"
        # ok: py.secrets.hardcoded-credential
        self.password_prompt = "Enter your password"


def connect():
    # ruleid: py.secrets.hardcoded-credential
    conn = psycopg2.connect(host="db", user="app", password="hunter2!")
    # ok: py.secrets.hardcoded-credential
    conn2 = psycopg2.connect(host="db", user="app", password=os.environ["DB_PASSWORD"])
    # ruleid: generic.secrets.connection-string-credentials
    url = "postgresql://app:Sup3rS3cret@db.internal:5432/app"
    # ok: generic.secrets.connection-string-credentials
    url2 = "postgresql://app:${DB_PASSWORD}@db.internal:5432/app"
    # ok: generic.secrets.connection-string-credentials
    url3 = "https://example.com/docs"
    return conn, conn2, url, url2, url3


class Session(dict):
    # ok: py.secrets.hardcoded-credential
    _totp_secret_key = "_totp_secret"
    # ok: py.secrets.hardcoded-credential
    admin_password = "admin:password"


class DatabaseSettings(BaseSettings):
    # ok: py.secrets.hardcoded-credential
    POSTGRES_PASSWORD: str = "app"


class Config:
    # ruleid: py.secrets.hardcoded-credential
    DB_PASSWORD = "my_secret_password9"


class TestingConfig(Config):
    # ok: py.secrets.hardcoded-credential
    SECRET_KEY = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1"


class MockStripeBillingService:
    # ok: py.secrets.hardcoded-credential
    api_key = "sk_mock_9f8e7d6c5b4a"


ACCOUNT_RATE_LIMITS = {
    # ok: py.secrets.hardcoded-credential
    "reset_password": "1/m/ip,1/m/key",
    # ruleid: py.secrets.hardcoded-credential
    "smtp_password": "Qr7!mZp2vX9w",
}

# the settings key under which the anonymous-access flag is stored
# ok: py.secrets.hardcoded-credential
FORM_ACCESS_KEY = "public_form_access"


class PolicyAction:
    # The name of a policy action, not a key.
    # ok: py.secrets.hardcoded-credential
    APIKEY = "api_key_required"
    # ruleid: py.secrets.hardcoded-credential
    SERVICE_APIKEY = "k9f8e7d6c5b4a3"


if __name__ == "__main__":
    # A self-test's sample value is still found by the rule; its execution context (script) lowers it.
    # ruleid: py.secrets.hardcoded-credential
    password = "topSekr3t-9f8e"


# Permission tables name operations on secrets and the permissions they need: no secret in them.
rbac_perms = {
    # ok: py.secrets.hardcoded-credential
    "get_once_secret": "accounts.view_accountsecret",
    # ok: py.secrets.hardcoded-credential
    "security_password": "settings.change_security",
}
# ok: py.secrets.hardcoded-credential
update_password = "on_create"
# A placeholder that repeats the setting's own name.
# ok: py.secrets.hardcoded-credential
AUTH_OPENID_CLIENT_SECRET = "client-secret"
# ruleid: py.secrets.hardcoded-credential
AUTH_OAUTH_CLIENT_SECRET = "q8Zt2vX7wLp4"
# The value ends like the name but is not its last words: a value, not the setting's own name.
# ruleid: py.secrets.hardcoded-credential
DEPLOY_SECRET = "oy-secret"
# A mask written over a value before it is logged.
# ok: py.secrets.hardcoded-credential
AUDIT_PASSWORD = "[REDACTED]"
# ruleid: py.secrets.hardcoded-credential
AUDIT_TOKEN = "[k4Rv9Qz2]x"
# A token masked the way documentation masks one.
# ok: py.secrets.hardcoded-credential
TELEGRAM_TOKEN = "0000000000:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"

# A cache key and a parser's sentinel under a "token" name are names and markers; an issued token is a secret.
# ok: py.secrets.hardcoded-credential
WIKI_REBUILD_TOKEN = "sumo:wiki:full-rebuild"
# ok: py.secrets.hardcoded-credential
token = "\x91/sf\x91"
# ok: py.secrets.hardcoded-credential
token = "\x91%i\x91" % 3
# ruleid: py.secrets.hardcoded-credential
SLACK_TOKEN = "xoxb-2291-7719-q8Zr2pLmN4"
# ruleid: py.secrets.hardcoded-credential
SECRET_KEY = b"\x8f\x12\xa9k\x03Zq\x7f"

# A URL pattern's named group and the name of the header that carries a key are code, not credentials.
# ok: py.secrets.hardcoded-credential
friendly_token = r"(?P<friendly_token>[\w\-_]*)"
# ok: py.secrets.hardcoded-credential
HEADER_API_KEY = "X-API-KEY"
# ok: py.secrets.hardcoded-credential
auth_token = "X-Auth-Token"
# ruleid: py.secrets.hardcoded-credential
upload_token = "Kq9v-T2x8-Lm7R"

# A form field about a password set to a flag word (a radio choice 'true'/'false') holds no credential.
# ok: py.secrets.hardcoded-credential
cleaned_data["usable_password"] = "true"
# ok: py.secrets.hardcoded-credential
REQUIRE_PASSWORD = "false"
# ruleid: py.secrets.hardcoded-credential
admin_password = "truetrue42"
