// Django forms and WTForms as request sources (py-forms.ts): text fields are the client's text; converted,
// chosen or pattern-checked fields are not; a field the form cleans itself is unproven.
import { describe, expect, it } from 'vitest';
import { taintFindings } from '../../../../testing/taint-project';

function rules(files: Record<string, string>): string[] {
  return taintFindings(files).map((f) => `${f.ruleId}:${f.location.startLine}:${f.confidence}`);
}

const wtforms = [
  'from wtforms import Form, StringField, URLField, IntegerField, SelectField, validators',
  'class ImageForm(Form):',
  "    url = URLField('url', [validators.DataRequired()])",
  "    n = IntegerField('n')",
  "    name = StringField('name', [validators.Regexp(r'^[a-z]+$')])",
  "    kind = SelectField('kind', choices=[('a', 'A')])",
  "    title = StringField('title')",
  '    def validate_title(self, field):',
  "        if '<' in field.data: raise validators.ValidationError('no')",
  '',
].join('\n');

const flaskView = (body: string) =>
  `import os\nfrom urllib.request import urlopen\nfrom flask import Flask, request\nfrom forms import ImageForm\napp = Flask(__name__)\n\n@app.route('/i', methods=['POST'])\ndef add():\n    form = ImageForm(request.form)\n    if form.validate():\n${body.replace(/^/gm, '        ')}\n    return 'ok'\n`;

describe('WTForms', () => {
  it("a text field's data is the client's text", () => {
    expect(rules({ 'forms.py': wtforms, 'app.py': flaskView('urlopen(form.url.data)') })).toEqual(['py.ssrf-redirect.ssrf-taint:11:high']);
    expect(rules({ 'forms.py': wtforms, 'app.py': flaskView("os.system('x ' + form.data['url'])") })).toHaveLength(1);
  });

  it('converted, chosen and pattern-checked fields are not input', () => {
    expect(rules({ 'forms.py': wtforms, 'app.py': flaskView("os.system('x ' + str(form.n.data))\nos.system('x ' + form.name.data)\nos.system('x ' + form.kind.data)") })).toEqual([]);
  });

  it('a field the form validates itself is unproven', () => {
    const found = rules({ 'forms.py': wtforms, 'app.py': flaskView("os.system('x ' + form.title.data)") });
    expect(found).toHaveLength(1);
    expect(found[0]).not.toMatch(/:high$/);
  });
});

describe('Django forms', () => {
  const form = "from django import forms\nclass F(forms.Form):\n    q = forms.CharField(max_length=20)\n    n = forms.IntegerField()\n    slug = forms.SlugField()\n";
  const view = (body: string) =>
    `import os\nfrom django.http import HttpResponse\nfrom django.contrib.auth.decorators import login_required\nfrom .forms import F\n\n@login_required\ndef v(request):\n    form = F(request.POST)\n    if form.is_valid():\n${body.replace(/^/gm, '        ')}\n    return HttpResponse('ok')\n`;

  it("cleaned_data of a text field is the client's text", () => {
    expect(rules({ 'app/forms.py': form, 'app/views.py': view("os.system('x ' + form.cleaned_data['q'])\nos.system('y ' + form.cleaned_data.get('q'))") })).toEqual([
      'py.injection.command-taint:10:high',
      'py.injection.command-taint:11:high',
    ]);
  });

  it('typed fields and a plain class that is not a form are not input', () => {
    expect(rules({ 'app/forms.py': form, 'app/views.py': view("os.system('x ' + str(form.cleaned_data['n']))\nos.system('x ' + form.cleaned_data['slug'])") })).toEqual([]);
    const notForm = "class F:\n    q = None\n    def __init__(self, data):\n        self.cleaned_data = {'q': 'fixed'}\n";
    expect(rules({ 'app/forms.py': notForm, 'app/views.py': view("os.system('x ' + form.cleaned_data['q'])") })).toEqual([]);
  });
});

describe('Django REST framework serializers', () => {
  const serializer = "from rest_framework import serializers\nclass S(serializers.Serializer):\n    url = serializers.URLField()\n    n = serializers.IntegerField()\n";
  const view = (body: string) =>
    `import requests\nfrom rest_framework.decorators import api_view\nfrom rest_framework.response import Response\nfrom .serializers import S\n\n@api_view(['POST'])\ndef hook(request):\n    s = S(data=request.data)\n    s.is_valid(raise_exception=True)\n${body.replace(/^/gm, '    ')}\n    return Response(s.data)\n`;

  it("validated_data of a text field is the client's text; a number field and the output data are not", () => {
    expect(rules({ 'app/serializers.py': serializer, 'app/views.py': view("requests.get(s.validated_data['url'])") })).toEqual(['py.ssrf-redirect.ssrf-taint:10:high']);
    expect(rules({ 'app/serializers.py': serializer, 'app/views.py': view("requests.get('http://x/' + str(s.validated_data['n']))\nrequests.get(s.data['url'])") })).toEqual([]);
  });
});
