// What Python type annotations say about a value. A parameter a framework converts by its annotation (FastAPI,
// django-ninja, Django path converters) and a pydantic model's field (`frame_number: Optional[int] = None`) hold a
// converted value when the annotation is a non-text type (an int, a UUID, one of a Literal's strings): nothing the
// client typed reaches a sink through them. str fields carry the input.
import type { CallSite } from '../model';
import type { ClassInfo, Value } from '../value';
import { CLEAN } from '../value';

/**
 * Type hints of values that carry no attacker-chosen text (a view written for `<int:n>` says `n: int`; FastAPI, pydantic
 * and Django validate them before the code runs).
 */
const NON_TEXT_HINT = /^(int|float|bool|(uuid\.)?UUID\d?|pydantic\.UUID\d|(datetime\.)?(date|datetime|time)|(decimal\.)?Decimal|PositiveInt|NonNegativeInt|StrictInt|StrictBool)$/;

/** pydantic's parsing class methods (v2 and v1 names). */
const MODEL_PARSE = /^(model_validate|model_validate_json|model_validate_strings|parse_obj|parse_raw)$/;

/** `Model.model_validate(data)`, `Model.parse_obj(data)` on a project class: what the model makes of data. */
export function modelParse(site: CallSite): Value | undefined {
  return site.method && MODEL_PARSE.test(site.method) && site.recv?.cls && site.args[0] ? typedInstance(site.recv.cls, site.args[0]) : undefined;
}

/**
 * What a model class makes of `input`: the fields annotated with a non-text type hold converted values, the others
 * what the input held. Not an instance of cls for attribute lookups: a field the input sets must not read as the
 * class's default.
 */
export function typedInstance(cls: ClassInfo, input: Value): Value {
  const fields = new Map(input.fields ?? []);
  for (let k: ClassInfo | undefined = cls, depth = 0; k && depth < 5; k = k.bases.find((b) => b.cls)?.cls, depth++) {
    for (const [name, annotation] of k.fieldTypes ?? []) if (nonTextAnnotation(annotation)) fields.set(name, CLEAN);
  }
  return fields.size ? { ...input, fields } : input;
}

/** The annotation admits no free text: int, UUID, datetime... also inside Optional[], `| None`, Annotated[] and list[]. */
export function nonTextAnnotation(annotation: string): boolean {
  let a = annotation.trim().replace(/^['"]|['"]$/g, '');
  for (let i = 0; i < 3; i++) {
    const inner = /^(?:typing\.)?(?:Optional|Annotated|List|list|Set|set|Sequence|tuple|Tuple)\[(.*)\]$/.exec(a)?.[1];
    const unioned = /^(.*?)\s*\|\s*None$|^None\s*\|\s*(.*)$/.exec(a);
    if (inner !== undefined) a = inner.split(',')[0]!.trim();
    else if (unioned) a = (unioned[1] ?? unioned[2] ?? '').trim();
    else break;
  }
  return NON_TEXT_HINT.test(a) || /^(?:typing\.)?Literal\[/.test(a) || /^(con(int|float|decimal|date)|Positive\w+|Negative\w+|NonNegative\w+|NonPositive\w+|Strict(Int|Float|Bool))\b/.test(a);
}

/** File-like types: what such a function returns is an open or in-memory file, not a path or a page. */
const FILE_TYPE = /^(?:io\.|typing\.)?(BytesIO|StringIO|BinaryIO|TextIO|IO(\[\w+\])?)$/;

/** Split `A, B[C, D], E` at its top-level commas (or another separator: a TypeScript union's `|`). */
export function topLevelParts(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if ('[({<'.includes(ch)) depth++;
    else if ('])}>'.includes(ch)) depth--;
    else if (ch === sep && depth === 0) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(s.slice(start).trim());
  return out;
}

const TUPLE = /^(?:typing\.)?(?:tuple|Tuple)\[(.*)\]$/;

/** A declared return type that admits no free text (`-> int`, `-> list[UUID]`, `-> bool`). */
export function nonTextReturn(annotation: string): boolean {
  // (a tuple's parts are typed one by one: `tuple[int, str]` returns text in its second element)
  return !TUPLE.test(annotation.trim()) && nonTextAnnotation(annotation);
}


/**
 * What a function's declared return type (`-> io.BytesIO`, `-> tuple[str, io.BytesIO]`, `-> int`) says about the value
 * its body returned: a non-text type carries no attacker-chosen text, a file type is a file object (send_file sends its
 * bytes, it names no path), and a tuple's parts say so of each element. The declaration is the contract a type
 * checker holds the body to; other annotations leave the value as the body made it.
 */
export function declaredReturn(annotation: string, value: Value): Value {
  const a = annotation.trim().replace(/^['"]|['"]$/g, '');
  if (nonTextReturn(a)) return CLEAN;
  if (FILE_TYPE.test(a)) return { ...value, qn: 'io.BytesIO()' };
  const tuple = TUPLE.exec(a)?.[1];
  if (tuple !== undefined && value.elems) {
    const parts = topLevelParts(tuple);
    if (parts.length !== value.elems.length) return value;
    return { ...value, elems: value.elems.map((e, i) => declaredReturn(parts[i]!, e)) };
  }
  return value;
}
