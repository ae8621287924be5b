// Django URL captures as taint sources: URLconf linking (converters, re_path groups, include prefixes, class
// views) across files, and the per-file heuristics used when URLconfs are out of sight.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { PACK_ORDER } from '../rule-types';
import { runTaint } from './index';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function scan(files: Record<string, string>, crossFile: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-django-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile });
}

const at = (files: Record<string, string>, crossFile: boolean) => scan(files, crossFile).map((f) => `${f.ruleId.replace(/^py\./, '')}@${f.location.file}:${f.location.startLine}`);

/** Line number of the first line containing `marker` in `text`. */
const lineOf = (text: string, marker: string) => text.split('\n').findIndex((l) => l.includes(marker)) + 1;

const urls = `from django.urls import include, path, re_path
from django.contrib.auth.decorators import login_required
from . import views
from .views import download

urlpatterns = [
    path('users/<str:name>/', views.profile),
    path('users/<int:pk>/', views.by_id),
    path('tokens/<uuid:token>/', views.by_token),
    re_path(r'^files/(?P<fname>[^/]+)$', download),
    re_path(r'^archive/(?P<year>[0-9]{4})/$', views.archive),
    re_path(r'^old/(\\d+)/([^/]+)/$', views.legacy),
    path('docs/<slug:section>/', views.docs),
    path('raw/<path:rest>', login_required(views.raw)),
    path('static/', views.page, {'template': 'static.html'}),
    path('cbv/<str:name>/<int:pk>/', views.Detail.as_view()),
    path('child/<str:name>/', views.Child.as_view()),
    path('org/<int:org>/', include('app.team_urls')),
]
`;

const teamUrls = `from django.urls import path
from . import views

urlpatterns = [path('<str:team>/', views.team)]
`;

const views = `import os
from django.db import connection
from django.http import HttpResponse
from django.views import View


def profile(request, name):
    cursor = connection.cursor()
    cursor.execute(f"SELECT * FROM users WHERE name = '{name}'")  # str capture
    cursor.execute("SELECT * FROM users WHERE name = %s", [name])  # parameterized
    return HttpResponse('ok')


def by_id(request, pk):
    connection.cursor().execute(f"SELECT * FROM users WHERE id = {pk}")  # int capture


def by_token(request, token):
    os.system(f"revoke {token}")  # uuid capture


def download(request, fname):
    return HttpResponse(open('/srv/files/' + fname).read())  # regex [^/]+


def archive(request, year):
    os.system('ls /archive/' + year)  # digits-only group


def legacy(request, num, label):
    os.system('echo ' + num)  # positional digits
    os.system('echo ' + label)  # positional [^/]+


def docs(request, section):
    open('/srv/docs/' + section)  # slug cannot leave the directory
    os.system('make ' + section)  # slug into a shell command


def raw(request, rest):
    open('/srv/raw/' + rest)  # path capture through login_required(...)


def page(request, template):
    open('/srv/templates/' + template)  # constant extra kwarg


def team(request, org, team):
    os.system('echo %d' % org)  # int prefix of include()
    os.system('echo ' + team)  # str capture of the included URLconf


def render_user(request, name):
    os.system(name)  # helper taking request: not a view


class Detail(View):
    def get(self, request, *args, **kwargs):
        os.system('echo ' + kwargs['name'])  # kwargs str
        os.system('echo ' + str(kwargs['pk']))  # kwargs int
        os.system(self.request.GET['cmd'])  # self.request

    def get_queryset(self):
        return connection.cursor().execute('SELECT * FROM t WHERE n = ' + self.kwargs['name'])  # self.kwargs str


class Base(View):
    def lookup(self):
        os.system(self.kwargs['name'])  # base method of a linked subclass


class Child(Base):
    def get(self, request, name):
        return self.lookup()
`;

const project = { 'app/__init__.py': '', 'app/urls.py': urls, 'app/team_urls.py': teamUrls, 'app/views.py': views };
const v = (marker: string) => lineOf(views, marker);

describe('URLconf linking (cross-file)', () => {
  const found = at(project, true);
  const hit = (rule: string, marker: string) => `${rule}@app/views.py:${v(marker)}`;

  it.each([
    ['str capture into an f-string query', 'injection.sql-taint', '# str capture'],
    ['re_path group [^/]+ into open()', 'path-file.traversal-taint', '# regex [^/]+'],
    ['positional [^/]+ group', 'injection.command-taint', '# positional [^/]+'],
    ['slug into a shell command', 'injection.command-taint', '# slug into a shell'],
    ['path capture through a wrapped view', 'path-file.traversal-taint', '# path capture'],
    ['str capture of an included URLconf', 'injection.command-taint', '# str capture of the included'],
    ['class view kwargs', 'injection.command-taint', '# kwargs str'],
    ['self.request of a class view', 'injection.command-taint', '# self.request'],
    ['self.kwargs in another method of the view', 'injection.sql-taint', '# self.kwargs str'],
    ['self.kwargs in a base class of a linked view', 'injection.command-taint', '# base method'],
  ])('reports %s', (_name, rule, marker) => {
    expect(found).toContain(hit(rule, marker));
  });

  it.each([
    ['a parameterized query', '# parameterized'],
    ['an int capture', '# int capture'],
    ['a uuid capture', '# uuid capture'],
    ['a digits-only group', '# digits-only group'],
    ['a positional digits group', '# positional digits'],
    ['a slug in a file path', '# slug cannot leave'],
    ['a constant extra kwarg', '# constant extra kwarg'],
    ['the int prefix of include()', '# int prefix'],
    ['kwargs int', '# kwargs int'],
    ['a helper function that takes request', '# helper taking request'],
  ])('does not report %s', (_name, marker) => {
    expect(found.filter((f) => f.endsWith(`:${v(marker)}`))).toEqual([]);
  });

  it('reports linked captures at high confidence with the route in the trace', () => {
    const f = scan(project, true).find((x) => x.location.startLine === v('# str capture') && x.location.file === 'app/views.py');
    expect(f?.confidence).toBe('high');
    expect(f?.message).toContain('URL parameter name <str> (app/urls.py:7)');
  });

  it('reads the known parts of a computed route; the unknown part leaves other parameters of unknown shape', () => {
    const confUrls = `from django.conf import settings
from django.urls import include, path
from . import views
ROOT = 'counts/'
urlpatterns = [
    path(f'{settings.PREFIX}<int:pk>/<str:name>/', views.show),
    path(ROOT + '<int:n>/', views.count),
    path(settings.PREFIX, include('app.more_urls')),
]
`;
    const viewsPy = `import os

def show(request, pk, name, extra):
    os.system(pk)
    os.system(name)
    os.system(extra)

def count(request, n):
    os.system(n)

def more(request, t, **kwargs):
    os.system(t)
    os.system(kwargs['t'])
    os.system(kwargs['other'])
`;
    const files = {
      'app/__init__.py': '',
      'app/urls.py': confUrls,
      'app/more_urls.py': "from django.urls import path\nfrom . import views\nurlpatterns = [path('<str:t>/', views.more)]\n",
      'app/views.py': viewsPy,
    };
    const found = scan(files, true).map((f) => `${f.location.startLine}:${f.confidence}`);
    // kwargs['other'] is a key the unknown part may add: reported (an unknown key reads the whole dict, so at the
    // confidence of its strongest key)
    expect(found).toEqual(['5:high', '6:medium', '12:high', '13:high', '14:high']);
  });

  it('resolves Django < 1.10 string views, with the prefix of patterns()', () => {
    const confUrls = `from django.conf.urls import patterns, url
urlpatterns = patterns('app.views', url(r'^u/(?P<name>[^/]+)/$', 'show'))
urlpatterns += patterns('', url(r'^n/(?P<n>[0-9]+)/(?P<label>[^/]+)/$', 'app.views.num'))
`;
    const viewsPy = 'import os\n\ndef show(request, name):\n    os.system(name)\n\ndef num(request, n, label):\n    os.system(n)\n    os.system(label)\n';
    const files = { 'app/__init__.py': '', 'app/urls.py': confUrls, 'app/views.py': viewsPy };
    expect(scan(files, true).map((f) => `${f.location.startLine}:${f.confidence}`)).toEqual(['4:high', '8:high']);
  });

  it('gives a registered converter the shape of its regex', () => {
    const confUrls = `from django.urls import path, register_converter
from . import views

class YearConverter:
    regex = '[0-9]{4}'

class CodeConverter:
    regex = '[^/]+'

register_converter(YearConverter, 'yyyy')
register_converter(CodeConverter, 'code')
urlpatterns = [path('<yyyy:year>/<code:code>/', views.show)]
`;
    const files = { 'app/__init__.py': '', 'app/urls.py': confUrls, 'app/views.py': 'import os\n\ndef show(request, year, code):\n    os.system(year)\n    os.system(code)\n' };
    expect(at(files, true)).toEqual(['injection.command-taint@app/views.py:5']);
  });
});

describe('without cross-file analysis', () => {
  it('links nothing from another file: an undecorated view is not guessed', () => {
    const linkedOnly = [v('# str capture'), v('# regex [^/]+'), v('# path capture'), v('# str capture of the included')];
    expect(at(project, false).filter((f) => linkedOnly.some((l) => f.endsWith(`app/views.py:${l}`)))).toEqual([]);
  });

  const single = `import os
from django.db import connection
from django.urls import path

def show(request, name, pk):
    connection.cursor().execute('SELECT 1 FROM t WHERE n = ' + name)
    connection.cursor().execute('SELECT 1 FROM t WHERE id = %s' % pk)

urlpatterns = [path('show/<str:name>/<int:pk>/', show)]
`;

  it('links a URLconf in the same file (converters respected)', () => {
    expect(at({ 'app.py': single }, false)).toEqual(['injection.sql-taint@app.py:6']);
  });

  const decorated = `import os
from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_http_methods
from rest_framework.decorators import api_view

@login_required
def show(request, name):
    os.system(name)
    return render_user(request, 'guest')

@require_http_methods(['GET'])
def render_user(request, name):
    os.system('echo ' + name)

@api_view(['GET'])
def api(request, pk=None):
    os.system(pk)

def plain(request, name):
    os.system(name)
`;

  it('guesses decorated views (medium), not helpers they call or undecorated functions', () => {
    const found = scan({ 'views.py': decorated }, false).map((f) => `${f.location.startLine}:${f.confidence}`);
    expect(found).toEqual(['8:medium', '17:medium']);
  });

  it('trusts non-text type hints of a guessed view (int, UUID), not of a linked one', () => {
    const typed = `import os
from uuid import UUID
from django.contrib.auth.decorators import login_required
from django.urls import path

@login_required
def guessed(request, n: int, code: UUID, name: str):
    os.system(n)
    os.system(code)
    os.system(name)

def linked(request, n: int):
    os.system(n)

urlpatterns = [path('<str:n>/', linked)]
`;
    expect(at({ 'views.py': typed }, false)).toEqual(['injection.command-taint@views.py:10', 'injection.command-taint@views.py:13']);
  });

  const drf = `import os
from rest_framework import viewsets, generics
from rest_framework.views import APIView

class Users(viewsets.ViewSet):
    def retrieve(self, request, pk=None):
        os.system('id ' + pk)

    @action(detail=True, methods=['post'])
    def rename(self, request, pk=None):
        os.system('mv ' + pk)

    def helper(self, value):
        os.system(value)

class Items(APIView):
    def get(self, request, *args, **kwargs):
        os.system(kwargs['item'])

class ByName(generics.ListAPIView):
    def get_queryset(self):
        os.system(self.kwargs['name'])

class NotAView:
    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def run(self):
        os.system(self.kwargs['cmd'])
`;

  it('treats DRF ViewSet actions, APIView handlers and self.kwargs of view classes as sources', () => {
    expect(at({ 'api.py': drf }, false)).toEqual([
      'injection.command-taint@api.py:7',
      'injection.command-taint@api.py:11',
      'injection.command-taint@api.py:18',
      'injection.command-taint@api.py:22',
    ]);
  });
});

describe('Django library results', () => {
  const code = `from django.contrib.auth import authenticate
from django.core import signing
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from .models import Page, Comment

def show(request):
    page = Page.objects.filter(slug=request.GET['s']).first()
    redirect(Page.objects.get(slug=request.GET['s']))
    HttpResponse(page)
    redirect(get_object_or_404(Page, slug=request.GET['s']))
    user = authenticate(username=request.POST['u'], password=request.POST['p'])
    request.session['email'] = user.email
    HttpResponse(render_to_string('page.html', {'q': request.GET['q']}))
    data = signing.loads(request.GET['token'])
    redirect(data['next'])
    r = JsonResponse({})
    r['Content-Disposition'] = 'inline; filename=' + request.GET['f']
    r.headers.setdefault('X-Name', request.GET['n'])
    redirect(request.GET['next'])
    c = Comment.objects.create(text=request.POST['t'])
    return HttpResponse(c.text)
`;

  it('lookups return database rows, templates escape, signed data is the server\'s, Django headers reject CR/LF', () => {
    expect(at({ 'views.py': code }, false)).toEqual(['ssrf-redirect.open-redirect-taint@views.py:21', 'xss.reflected-taint@views.py:23']);
  });

  it('keeps the header sink for other frameworks', () => {
    const flask = "from flask import request, make_response\n\ndef f():\n    r = make_response('ok')\n    r.headers['X-Name'] = request.args['n']\n    return r\n";
    expect(at({ 'app.py': flask }, false)).toEqual(['injection.header-taint@app.py:5']);
  });
});
