from flask import render_template_string, request
from jinja2 import Template
from PIL import ImageMath


def not_found(error):
    template = "<h1>Oops</h1><h3>%s</h3>" % request.url
    # ruleid: py.injection.template-source-built
    return render_template_string(template), 404


def search_error(exc):
    # ruleid: py.injection.template-source-built
    return Template(f"<p>Error: {exc}</p>").render()


def greeting(name):
    # ok: py.injection.template-source-built
    return render_template_string("<p>Hello {{ name }}</p>", name=name)


def combine(function_str, r, g, b):
    # ruleid: py.injection.imagemath-eval
    out = ImageMath.eval(function_str, r=r, g=g, b=b)
    # ok: py.injection.imagemath-eval
    fixed = ImageMath.eval("convert(r + g, 'L')", r=r, g=g)
    return out, fixed
