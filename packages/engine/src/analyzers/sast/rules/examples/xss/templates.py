import aiohttp_jinja2
import jinja2
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

# ruleid: py.xss.jinja-autoescape-disabled
env = Environment(loader=FileSystemLoader("templates"))
# ruleid: py.xss.jinja-autoescape-disabled
legacy = jinja2.Environment(autoescape=False)
# ok: py.xss.jinja-autoescape-disabled
safe_env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape(["html"]))
# ok: py.xss.jinja-autoescape-disabled
forced = Environment(autoescape=True)
# aiohttp-jinja2 escapes unless told not to
# ruleid: py.xss.jinja-autoescape-disabled
aiohttp_jinja2.setup(app, loader=FileSystemLoader("templates"), autoescape=False)
# ok: py.xss.jinja-autoescape-disabled
aiohttp_jinja2.setup(app, loader=FileSystemLoader("templates"))


def greeting(name, bio):
    # ruleid: py.xss.markup-from-formatted-string
    a = mark_safe(f"<b>Hello {name}</b>")
    # ruleid: py.xss.markup-from-formatted-string
    b = Markup("<p>%s</p>" % bio)
    # ruleid: py.xss.markup-from-formatted-string
    c = Markup("<i>{}</i>".format(name))
    # ok: py.xss.markup-from-formatted-string
    d = format_html("<b>Hello {}</b>", name)
    # ok: py.xss.markup-from-formatted-string
    e = Markup("<hr>")
    # ok: py.xss.markup-from-formatted-string
    f = Markup("<b>{}</b>").format(name)
    return a, b, c, d, e, f
