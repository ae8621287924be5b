import os

# ok: py.misconfig.django-debug-enabled
DEBUG = os.environ.get("DJANGO_DEBUG") == "1"


def enable_debug(config):
    # ok: py.misconfig.django-debug-enabled
    DEBUG = True
    config["DEBUG"] = DEBUG
