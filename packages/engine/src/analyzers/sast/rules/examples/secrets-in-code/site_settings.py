# Base settings of a Django project whose deployments override them in their own localsettings.py (imported last):
# the values here are defaults every installation is meant to replace.
DATABASES = {
    "default": {
        "NAME": "site",
        "USER": "site",
        # ok: py.secrets.hardcoded-credential
        # ruleid: py.secrets.default-credential
        "PASSWORD": "site-db-pass",
    }
}

# ok: py.secrets.hardcoded-credential
# ruleid: py.secrets.default-credential
OIDC_RP_CLIENT_SECRET = "Xk29-site-client"

try:
    from site.localsettings import *  # noqa: F403
except ImportError:
    pass
