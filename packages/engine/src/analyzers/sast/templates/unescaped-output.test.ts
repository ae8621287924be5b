import { describe, expect, it } from 'vitest';
import { dialectsOf, unescapedOutputs } from './unescaped-output';

const lines = (text: string, path: string) => unescapedOutputs(text, path).map((o) => [o.line, o.expr]);

describe('unescapedOutputs', () => {
  it('EJS: <%- value %> is raw, <%= %> and layout idioms are not', () => {
    const ejs = '<div>\n<%- query %>\n<%= query %>\n<%- include("nav") %>\n<%- body %>\n<%- "<br>" %>\n</div>';
    expect(lines(ejs, 'views/search.ejs')).toEqual([[2, 'query']]);
  });

  it('Pug: !{} and tag!= are raw, #{} and != comparisons are not', () => {
    const pug = 'div\n  p!= user.bio\n  p= user.bio\n  span !{user.name}\n  if a != b\n    p #{user.name}';
    expect(lines(pug, 'views/profile.pug')).toEqual([[2, 'user.bio'], [4, 'user.name']]);
  });

  it('Handlebars: {{{x}}} and {{& x}} are raw, {{x}} and the layout {{{body}}} are not', () => {
    const hbs = '<p>{{{post.html}}}</p>\n<p>{{post.text}}</p>\n<p>{{& author}}</p>\n<main>{{{body}}}</main>';
    expect(lines(hbs, 'views/post.hbs')).toEqual([[1, 'post.html'], [3, 'author']]);
  });

  it('Jinja/Django: |safe unless an escaping filter ran first; autoescape off blocks', () => {
    const html = [
      '<ul>',
      '<li>{{ c.text|safe }}</li>',
      '<li>{{ c.text }}</li>',
      '<li>{{ c.meta|tojson|safe }}</li>',
      '{% autoescape off %}<p>{{ sig }}</p><p>{{ sig|e }}</p>{% endautoescape %}',
      '<li>{{ x|markdown|safe }}</li>',
      '</ul>',
    ].join('\n');
    expect(lines(html, 'templates/comments.html')).toEqual([[2, 'c.text'], [5, 'sig'], [6, 'x']]);
  });

  it('a template with no HTML elements renders text, so nothing in it is markup', () => {
    expect(lines('{% autoescape off %}{{ check.name|safe }} is down{% endautoescape %}', 'integrations/sms_message.html')).toEqual([]);
    expect(lines('export class {{{classname}}} { get(): Promise<Recipe> {} }', 'openapi/apis.mustache')).toEqual([]);
  });

  it('picks the dialects by extension', () => {
    expect(dialectsOf('a/b.ejs')).toEqual(['ejs']);
    expect(dialectsOf('a/b.jade')).toEqual(['pug']);
    expect(dialectsOf('a/b.html')).toEqual(['jinja', 'handlebars']);
    expect(dialectsOf('a/b.py')).toEqual([]);
  });
});
