// TypeScript return types: what a project function declares it returns (`): Promise<boolean>`, `): string[] | null`)
// is the contract the compiler holds its body to. A number or boolean carries no attacker-chosen text; an array,
// an object type or a class instance is an object, which a response sends as JSON, never as an HTML page.
import type { Value } from '../value';
import { CLEAN } from '../value';
import { topLevelParts } from './py-types';

const NO_VALUE = /^(null|undefined|void|never)$/;
const SCALAR = /^(boolean|number|bigint|true|false|-?\d+(\.\d+)?)$/;
// an array or tuple, an object literal type, a collection, or a named type (a class or interface) that is not text
const OBJECT_TYPE = /^(readonly\s+)?[\w.$]+(<.*>)?\[\]$|^\[.*\]$|^\{[^]*\}$|^(Array|ReadonlyArray|Record|Map|Set|Partial|Required|Readonly|Pick|Omit)<.*>$/;
const NAMED_TYPE = /^[A-Z][\w$]*(\.[A-Z][\w$]*)*(<.*>)?$/;
const TEXT_LIKE = /^(String|Promise|Awaited|ReturnType|NonNullable|Exclude|Extract|Uppercase|Lowercase|Capitalize|Uncapitalize)\b/;

/** The parts of a union at the top level (`A<B | C> | D` -> `A<B | C>`, `D`), without null, undefined and void. */
function unionParts(type: string): string[] {
  return topLevelParts(type, '|').filter((p) => p && !NO_VALUE.test(p));
}

/** The type a function's result has once awaited: `: Promise<T>` -> T. */
function resolved(annotation: string): string {
  const a = annotation.replace(/^:\s*/, '').trim();
  const promise = /^Promise<([^]*)>$/.exec(a);
  return promise ? (promise[1] ?? '').trim() : a;
}

/** A declared return type that admits no text at all (numbers and booleans). */
export function tsNonTextReturn(annotation: string): boolean {
  const parts = unionParts(resolved(annotation));
  return parts.length > 0 && parts.every((p) => SCALAR.test(p));
}

/** The body's returned value as the declared type allows it: scalars are clean, objects are objects (not a page). */
export function tsDeclaredReturn(annotation: string, value: Value): Value {
  if (tsNonTextReturn(annotation)) return CLEAN;
  const parts = unionParts(resolved(annotation));
  const objects = parts.length > 0 && parts.every((p) => SCALAR.test(p) || OBJECT_TYPE.test(p) || (NAMED_TYPE.test(p) && !TEXT_LIKE.test(p)));
  return objects && value.t ? { ...value, objectBody: true } : value;
}
