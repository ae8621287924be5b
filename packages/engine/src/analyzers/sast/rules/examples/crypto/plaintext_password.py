from werkzeug.security import check_password_hash


def login(form, user):
    # ruleid: py.crypto.plaintext-password-compare
    if user.password == form.password.data:
        return True
    # ok: py.crypto.plaintext-password-compare
    if check_password_hash(user.password, form.password.data):
        return True
    # ok: py.crypto.plaintext-password-compare
    if form.password.data != form.confirm_password.data:
        return False
    # ok: py.crypto.plaintext-password-compare
    if user.password_hash == new_hash:
        return True
    return False
