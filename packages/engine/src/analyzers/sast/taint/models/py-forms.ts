// Django forms, Django REST framework serializers and WTForms (Flask-WTF) as request sources. A form class declares its fields at class level
// (`url = URLField(...)`, `name = forms.CharField(...)`); the form is bound to the request's data
// (`F(request.POST)`, `F(request.form)`, or Flask-WTF's FlaskForm, which reads the request itself), so what a text
// field holds after validation is whatever the client typed:
//   - Django: `form.cleaned_data['name']` / `.get('name')`, and `form.data` (the bound QueryDict itself);
//   - DRF: `serializer.validated_data['name']`, and `serializer.initial_data` (its `data` is the output
//     representation, not input);
//   - WTForms: `form.name.data`, and `form.data` (a dict of every field).
// Fields that convert or choose (IntegerField, DateField, ChoiceField/SelectField, SlugField, UUIDField...) hold a
// converted value or one of the server's choices, and a field with a regex or allow-list validator holds only what
// the pattern admits: none of them is a source. A field the form checks in its own `clean_<name>` /
// `validate_<name>` method passed project validation the analysis does not evaluate: its flows are unproven.
import type { Expr } from '../ir';
import type { ModelHost } from '../model';
import type { ClassInfo, Value } from '../value';

/** A text field: its data is the client's text. */
const FIELD_MODULE = /^(django\.forms|django\.contrib\.postgres\.forms|rest_framework\.serializers|rest_framework|wtforms|flask_wtf)\./;
const TEXT_FIELD = /^(django\.forms|django\.contrib\.postgres\.forms|rest_framework\.serializers|rest_framework|wtforms|flask_wtf)\.(\w+\.)*(Char|URL|Email|Json|JSON|String|TextArea|Password|Hidden|Search|Tel|Url)Field\(\)$/;
type Library = 'django' | 'drf' | 'wtforms';
const FORM_BASES: [RegExp, Library][] = [
  [/^django\.forms\.(\w+\.)*(Form|ModelForm|BaseForm|BaseModelForm)$/, 'django'],
  [/^rest_framework\.(serializers\.)?(Serializer|ModelSerializer|HyperlinkedModelSerializer)$/, 'drf'],
  [/^(wtforms\.(\w+\.)*(Form|BaseForm)|flask_wtf\.(\w+\.)*(FlaskForm|Form))$/, 'wtforms'],
];
/** Validators that admit only what a pattern or a list allows. */
const NARROWING_VALIDATOR = /\b(Regexp|AnyOf|RegexValidator|validate_slug|validate_unicode_slug|validate_ipv46_address|validate_ipv4_address|validate_ipv6_address|validate_integer)\s*\(|\bvalidate_(slug|unicode_slug|ipv46_address|ipv4_address|ipv6_address|integer)\b|\bchoices\s*=/;

export interface FormField {
  /** The client's text (a text field without a narrowing validator). */
  text: boolean;
}

/** What a class-level assignment declares, when it is a form field (`name = forms.CharField(max_length=40)`). */
export function formField(value: Value, expr: Expr): FormField | undefined {
  const qn = value.qn ?? '';
  if (!/Field\(\)$/.test(qn) || !FIELD_MODULE.test(qn)) return undefined;
  const text = TEXT_FIELD.test(qn) && !(expr.k === 'call' && NARROWING_VALIDATOR.test(expr.text));
  return { text };
}

/** The form library a class's chain (itself and its project bases) derives from, if any. */
function formLibrary(cls: ClassInfo, depth = 0): Library | undefined {
  if (depth > 6) return undefined;
  for (const b of cls.bases) {
    const lib = (b.qn ? FORM_BASES.find(([re]) => re.test(b.qn as string))?.[1] : undefined) ?? (b.cls ? formLibrary(b.cls, depth + 1) : undefined);
    if (lib) return lib;
  }
  return undefined;
}

function declared(cls: ClassInfo, name: string, depth = 0): FormField | undefined {
  const f = cls.formFields?.get(name);
  if (f || depth > 6) return f;
  for (const b of cls.bases) {
    const inherited = b.cls ? declared(b.cls, name, depth + 1) : undefined;
    if (inherited) return inherited;
  }
  return undefined;
}

function allFields(cls: ClassInfo, out = new Map<string, FormField>(), depth = 0): Map<string, FormField> {
  if (depth > 6) return out;
  for (const b of cls.bases) if (b.cls) allFields(b.cls, out, depth + 1);
  for (const [k, f] of cls.formFields ?? []) out.set(k, f);
  return out;
}

/** Checked by a `clean_<name>` (Django) or `validate_<name>` (WTForms) method of the form. */
function checkedByForm(cls: ClassInfo, name: string, depth = 0): boolean {
  if (cls.methods.has(`clean_${name}`) || cls.methods.has(`validate_${name}`)) return true;
  return depth < 6 && cls.bases.some((b) => (b.cls ? checkedByForm(b.cls, name, depth + 1) : false));
}

function fieldValue(cls: ClassInfo, name: string, line: number, host: ModelHost): Value {
  const v = host.source('high', line, `form field ${name} of ${cls.name}`);
  return checkedByForm(cls, name) && v.t ? { ...v, t: { ...v.t, unproven: true } } : v;
}

function textFields(cls: ClassInfo, line: number, host: ModelHost): Value {
  const fields = new Map<string, Value>();
  for (const [k, f] of allFields(cls)) if (f.text) fields.set(k, fieldValue(cls, k, line, host));
  return { fields };
}

/** An attribute of a form instance the class does not define itself: its request-bound data. */
export function formAttr(recv: Value, name: string, line: number, host: ModelHost): Value | undefined {
  const cls = recv.inst;
  const lib = cls ? formLibrary(cls) : undefined;
  if (!cls || !lib) return undefined;
  if (lib === 'django') {
    if (name === 'cleaned_data') return textFields(cls, line, host);
    return name === 'data' ? host.source('high', line, `form.data of ${cls.name}`) : undefined;
  }
  if (lib === 'drf') {
    if (name === 'validated_data') return textFields(cls, line, host);
    return name === 'initial_data' ? host.source('high', line, `serializer.initial_data of ${cls.name}`) : undefined;
  }
  // WTForms: a declared field object, whose .data is the client's value; form.data is a dict of every field
  const field = declared(cls, name);
  if (field) return { qn: 'wtforms.field', fields: new Map([['data', field.text ? fieldValue(cls, name, line, host) : {}]]) };
  return name === 'data' ? textFields(cls, line, host) : undefined;
}
