import { describe, expect, it } from 'vitest';
import { groupShape, pathCaptures, regexCaptures } from './django-routes';

const shapes = (cs: { name: string | null; shape: string }[]) => cs.map((c) => `${c.name ?? '#'}:${c.shape}`);

describe('path() routes', () => {
  it('gives each converter its shape (default str; unknown converters carry text)', () => {
    const route = 'u/<str:a>/<int:b>/<slug:c>/<uuid:d>/<path:e>/<f>/<year4:g>/';
    expect(shapes(pathCaptures(route))).toEqual(['a:any', 'b:clean', 'c:slug', 'd:clean', 'e:any', 'f:any', 'g:any']);
  });

  it('has no captures without angle brackets', () => {
    expect(pathCaptures('about/')).toEqual([]);
  });
});

describe('re_path() regexes', () => {
  it('reads named groups and their character shapes', () => {
    const re = String.raw`^(?P<lang>[a-z-]+)/(?P<version>[\w.-]+)/(?P<kind>_downloads|_source)/(?P<id>\d+)/(?P<f>[^/]+)$`;
    expect(shapes(regexCaptures(re))).toEqual(['lang:slug', 'version:any', 'kind:clean', 'id:clean', 'f:any']);
  });

  it('passes unnamed groups positionally only when no group is named', () => {
    expect(shapes(regexCaptures(String.raw`^(\d{4})/([a-z]+)/(?:x|y)/$`))).toEqual(['#:clean', '#:slug']);
    expect(shapes(regexCaptures(String.raw`^(\d{4})/(?P<slug>[-\w]+)/$`))).toEqual(['slug:slug']);
  });

  it('skips escaped parentheses and parentheses inside character classes', () => {
    expect(shapes(regexCaptures(String.raw`^\((?P<a>[()]+)\)$`))).toEqual(['a:any']);
  });

  it('orders nested groups by their opening parenthesis', () => {
    expect(shapes(regexCaptures(String.raw`^(?P<outer>(?P<inner>\d+)-x)$`))).toEqual(['outer:slug', 'inner:clean']);
  });
});

describe('group shapes', () => {
  it.each([
    [String.raw`\d+`, 'clean'],
    ['[0-9a-f]{8}', 'clean'],
    ['stable', 'clean'],
    ['', 'clean'],
    ['[0-9a-f-]+', 'slug'],
    [String.raw`[-\w]+`, 'slug'],
    ['.+', 'any'],
    [String.raw`\w+\.pot`, 'any'],
    ['[^/]+', 'any'],
    [String.raw`\S+`, 'any'],
    ['[ -~]+', 'any'],
  ])('%s is %s', (body, shape) => {
    expect(groupShape(body)).toBe(shape);
  });
});
