import os
import stat
import tarfile
import tempfile
import zipfile


def unpack(archive, dest):
    with tarfile.open(archive) as tar:
        # ruleid: py.path.tar-extract-unfiltered
        tar.extractall(dest)
    with tarfile.open(archive) as tar:
        # ok: py.path.tar-extract-unfiltered
        tar.extractall(dest, filter="data")


def unzip(archive, dest):
    with zipfile.ZipFile(archive) as z:
        # ok: py.path.tar-extract-unfiltered
        z.extractall(dest)


def scratch():
    # ruleid: py.path.insecure-temp-file
    name = tempfile.mktemp(suffix=".txt")
    # ok: py.path.insecure-temp-file
    fd, safe_name = tempfile.mkstemp(suffix=".txt")
    # ruleid: py.path.insecure-temp-file
    shared = tempfile.mktemp(dir="/tmp")
    # ok: py.path.insecure-temp-file
    private = tempfile.mktemp(suffix=".tif", dir=settings.MEDIA_TMP)
    return name, fd, safe_name, shared, private


def publish(path):
    # ruleid: py.path.world-writable-permissions
    os.chmod(path, 0o777)
    # ruleid: py.path.world-writable-permissions
    os.chmod(path, stat.S_IRWXU | stat.S_IWOTH)
    # ok: py.path.world-writable-permissions
    os.chmod(path, 0o644)
    # ok: py.path.world-writable-permissions
    os.chmod(path, 0o600)
