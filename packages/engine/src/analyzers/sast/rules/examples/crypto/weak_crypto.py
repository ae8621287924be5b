import hashlib
import random
import secrets
import socket
import ssl

import requests
from Crypto.Cipher import AES, DES
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers import algorithms, modes


def fingerprint(data):
    # ruleid: py.crypto.weak-hash
    return hashlib.md5(data).hexdigest()


def legacy(data):
    # ruleid: py.crypto.weak-hash
    h = hashlib.new('sha1')
    h.update(data)
    # ruleid: py.crypto.weak-hash
    digest = hashes.Hash(hashes.SHA1())
    return h.digest(), digest


def configurable(data):
    algorithm = "md5"
    # ruleid: py.crypto.weak-hash
    return hashlib.new(algorithm, data).hexdigest()


def cache_key(data):
    # ok: py.crypto.weak-hash
    return hashlib.md5(data, usedforsecurity=False).hexdigest()


def strong(data):
    # ok: py.crypto.weak-hash
    a = hashlib.sha256(data).hexdigest()
    # ok: py.crypto.weak-hash
    b = hashlib.new('sha384')
    return a, b


def encrypt(key, data):
    # ruleid: py.crypto.weak-cipher
    c = DES.new(key, DES.MODE_CBC)
    # ruleid: py.crypto.weak-cipher
    e = AES.new(key, AES.MODE_ECB)
    # ruleid: py.crypto.weak-cipher
    m = modes.ECB()
    # ruleid: py.crypto.weak-cipher
    a = algorithms.TripleDES(key)
    # ok: py.crypto.weak-cipher
    g = AES.new(key, AES.MODE_GCM)
    # ok: py.crypto.weak-cipher
    x = algorithms.AES(key)
    return c, e, m, a, g, x


def make_reset_token(user):
    # ruleid: py.crypto.insecure-random
    token = ''.join(random.choice('abcdef0123456789') for _ in range(32))
    user.password_reset_token = token


def remember_me(mysession, cookie):
    # ruleid: py.crypto.insecure-random
    value = str(random.normalvariate())[2:]
    mysession[cookie] = value


def new_session_id():
    # ok: py.crypto.insecure-random
    return secrets.token_urlsafe(32)


def shuffle_cards(deck):
    # ok: py.crypto.insecure-random
    random.shuffle(deck)
    # ok: py.crypto.insecure-random
    return random.randint(1, 6)


def fetch(url):
    # ruleid: py.crypto.tls-verify-disabled
    r = requests.get(url, verify=False, timeout=5)
    # ok: py.crypto.tls-verify-disabled
    s = requests.get(url, verify=True, timeout=5)
    # ok: py.crypto.tls-verify-disabled
    t = requests.get(url, verify="/etc/ssl/internal-ca.pem", timeout=5)
    # ruleid: py.crypto.tls-verify-disabled
    ctx = ssl._create_unverified_context()
    other = ssl.create_default_context()
    # ruleid: py.crypto.tls-verify-disabled
    other.check_hostname = False
    # ruleid: py.crypto.tls-verify-disabled
    other.verify_mode = ssl.CERT_NONE
    # ok: py.crypto.tls-verify-disabled
    other.verify_mode = ssl.CERT_REQUIRED
    return r, s, t, ctx


def smtp_context(config, verify_mode):
    # Verification off only under the operator's explicit opt-in setting (a relay with a self-signed certificate).
    ctx = ssl.create_default_context()
    if config["SMTP_SKIP_SSL_VERIFY"]:
        # ok: py.crypto.tls-verify-disabled
        ctx.check_hostname = False
    elif verify_mode == "none":
        # ok: py.crypto.tls-verify-disabled
        ctx.verify_mode = ssl.CERT_NONE
    if not config.tls_validation:
        # ok: py.crypto.tls-verify-disabled
        ctx.check_hostname = False
    if config["SMTP_RELAY"]:
        # ruleid: py.crypto.tls-verify-disabled
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def certificate_expiry(host):
    # Connects only to read the certificate the host serves (its expiry date): nothing received is trusted.
    ctx = ssl.create_default_context()
    # ok: py.crypto.tls-verify-disabled
    ctx.check_hostname = False
    # ok: py.crypto.tls-verify-disabled
    ctx.verify_mode = ssl.CERT_NONE
    with socket.create_connection((host, 443)) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            return tls.getpeercert(binary_form=True)


def legacy_tls():
    # ruleid: py.crypto.obsolete-tls-version
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLSv1)
    # ok: py.crypto.obsolete-tls-version
    modern = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    # ok: py.crypto.obsolete-tls-version
    modern.minimum_version = ssl.TLSVersion.TLSv1_2
    # ok: py.crypto.obsolete-tls-version
    modern.options |= ssl.OP_NO_SSLv3 | ssl.OP_NO_TLSv1
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    # ruleid: py.crypto.obsolete-tls-version
    server.options &= ~ssl.OP_NO_SSLv3
    return ctx, modern, server


def options_from_config(protocol):
    options = ssl.OP_NO_SSLv3 | ssl.OP_NO_TLSv1 | ssl.OP_NO_TLSv1_1
    for entry in protocol.split():
        if entry == "TLSv1":
            # ok: py.crypto.obsolete-tls-version
            options &= ~ssl.OP_NO_TLSv1
        elif entry == "TLSv1.2":
            options &= ~ssl.OP_NO_TLSv1_2
    return options


def minimum_version_by_options(options):
    # ok: py.crypto.obsolete-tls-version
    minimum = ssl.TLSVersion.SSLv3
    # ok: py.crypto.obsolete-tls-version
    if (options & ssl.OP_NO_SSLv3) and minimum == ssl.TLSVersion.SSLv3:
        minimum = ssl.TLSVersion.TLSv1_2
    return minimum


def lowered_minimum(ctx):
    # ruleid: py.crypto.obsolete-tls-version
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    return ctx


def smtp_context(self):
    context = ssl.create_default_context()
    if self.ssl_verify_mode == VERIFY_MODE.REQUIRED:
        context.check_hostname = True
    else:
        # ok: py.crypto.tls-verify-disabled
        context.check_hostname = False
    if self.retries == 3:
        context.check_hostname = True
    else:
        # ruleid: py.crypto.tls-verify-disabled
        context.check_hostname = False
    return context


def server_context(server):
    ctx = ssl.create_default_context()
    # a per-server verification level the operator lowers (0 = off, 1 = no hostname check; strict by default)
    if server.ssl_verify <= 1:
        # ok: py.crypto.tls-verify-disabled
        ctx.check_hostname = False
    if server.ssl_verify == 0:
        # ok: py.crypto.tls-verify-disabled
        ctx.verify_mode = ssl.CERT_NONE
    if server.retries <= 1:
        # ruleid: py.crypto.tls-verify-disabled
        ctx.verify_mode = ssl.CERT_NONE
    return ctx


def health_check(url, client, api_key):
    # A HEAD request carrying nothing but its URL learns a status code and sends nothing.
    # ok: py.crypto.tls-verify-disabled
    up = requests.head(url, timeout=10, verify=False)
    # ok: py.crypto.tls-verify-disabled
    res = client.fetchUrl(url, headOnly=True, timeout=5, verify=False)
    # with credentials, or a body to read, it is a request trusted to an unverified peer
    # ruleid: py.crypto.tls-verify-disabled
    auth = requests.head(url, headers={"Authorization": api_key}, timeout=5, verify=False)
    # ruleid: py.crypto.tls-verify-disabled
    keyed = requests.head(url + "?api_key=" + api_key, timeout=5, verify=False)
    # ruleid: py.crypto.tls-verify-disabled
    page = requests.get(url, timeout=10, verify=False)
    return up, res, auth, keyed, page


def pg_options(settings):
    if settings.DB_SSLMODE == "require":
        # ok: py.crypto.tls-verify-disabled
        return {"verify": False}
    # ruleid: py.crypto.tls-verify-disabled
    return requests.get(settings.URL, timeout=5, verify=False)


def serve_tls(sock, conf):
    # a server's context: CERT_NONE means clients are not asked for certificates
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    # ok: py.crypto.tls-verify-disabled
    context.verify_mode = ssl.CERT_NONE
    context.load_cert_chain(conf["cert_file"], conf["key_file"])
    return context.wrap_socket(sock, server_side=True)


def connect_tls(sock, host):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    # ruleid: py.crypto.tls-verify-disabled
    context.check_hostname = False
    # ruleid: py.crypto.tls-verify-disabled
    context.verify_mode = ssl.CERT_NONE
    return context.wrap_socket(sock, server_hostname=host)


class DiskFileManager:
    def get_ondisk_files(self, files, datadir, verify=True):
        if verify:
            assert files, "missing hashes"
        return files

    def cleanup(self, files, datadir):
        # the module's own flag: skips an assertion, no TLS involved
        # ok: py.crypto.tls-verify-disabled
        return self.get_ondisk_files(files, datadir, verify=False)


def fetch(url, verify=True):
    return requests.get(url, verify=verify, timeout=5)


def fetch_insecure(url):
    # a wrapper that hands the flag on to requests
    # ruleid: py.crypto.tls-verify-disabled
    return fetch(url, verify=False)
