// Python ORM model classes of the project (Django, Flask-SQLAlchemy, SQLAlchemy, SQLModel, peewee), read well enough
// to tell whether a record can belong to someone: a field named for an owner, tenant or member, or a relation to
// such a model. A record with neither (a public page, a product of the catalogue) has no owner to check, so loading
// it by a request id is not an insecure direct object reference.

/** Class name -> every class of that name in the project (bases as written, field name -> its value's text). */
export type PyModelIndex = ReadonlyMap<string, readonly PyModel[]>;
export interface PyModel {
  bases: string[];
  fields: ReadonlyMap<string, string>;
}

const CLASS = /^class\s+(\w+)\s*\(([^)]*)\)\s*:[^\n]*\n((?:[ \t]+[^\n]*\n|[ \t]*\n)*)/gm;
const FIELD = /^(\s+)(\w+)\s*(?::[^=\n]+)?=\s*([^\n]+)/;
/** Bases that add no fields of their own: the frameworks' model roots. */
const FRAMEWORK_BASE = /^(models\.Model|db\.Model|Model|Base|DeclarativeBase|SQLModel|BaseModel|MPTTModel|TimeStampedModel|object)$/;
/** A field or relation target that ties a record to a person or a group of people. */
const OWNERISH = /user|owner|author|creator|created_?by|account|tenant|org|team|member|workspace|household|company|customer|group|project|site|space|profile|person|submitter|reporter|assignee|patient|student/i;
const RELATION = /\b(ForeignKey|OneToOneField|ManyToManyField|ParentalKey|ParentalManyToManyField|GenericForeignKey|GenericRelation|TreeForeignKey|relationship|ForeignKeyField)\s*\(/;
const MODEL_TEXT = /\bmodels\.\w+Field\b|\bdb\.Column\b|\bColumn\(|\bmapped_column\(|\bField\(/;

export function pyModelIndex(files: readonly { text: string }[]): PyModelIndex {
  const index = new Map<string, PyModel[]>();
  for (const { text } of files) {
    if (!MODEL_TEXT.test(text)) continue;
    for (const m of text.matchAll(CLASS)) {
      const fields = new Map<string, string>();
      // the class body's own indentation, from its first line: a nested class written first (choices, Meta) must not
      // set it, or only the nested class's assignments would be read as the model's fields
      const indent = /^[ \t]*(?=\S)/m.exec(m[3]!)?.[0];
      for (const line of m[3]!.split('\n')) {
        const f = FIELD.exec(line);
        if (f && f[1] === indent) fields.set(f[2]!, f[3]!);
      }
      const bases = m[2]!.split(',').map((b) => b.trim()).filter((b) => b && !b.includes('='));
      const list = index.get(m[1]!) ?? [];
      list.push({ bases, fields });
      index.set(m[1]!, list);
    }
  }
  return index;
}

/**
 * Every class of this name is a model whose fields name no owner and relate to nothing owner-like, and whose bases
 * are framework roots, mixins that name no owner, or models of the same kind. An unknown name or base could add an
 * owner: not ownerless.
 */
export function ownerless(name: string, index: PyModelIndex, depth = 0): boolean {
  const models = index.get(name);
  if (!models?.length || depth > 4) return false;
  return models.every(
    (m) =>
      (depth > 0 || [...m.fields].some(([, v]) => MODEL_TEXT.test(v) || RELATION.test(v))) &&
      [...m.fields].every(([k, v]) => !OWNERISH.test(k) && !(RELATION.test(v) && OWNERISH.test(v))) &&
      m.bases.every((b) => FRAMEWORK_BASE.test(b) || (/Mixin$/.test(b) && !OWNERISH.test(b)) || ownerless(b.split('.').pop()!, index, depth + 1)),
  );
}

/** The model a lookup reads: `Page.objects.get(...)`, `Page.query.get(...)`, `get_object_or_404(Page, ...)`. */
export function lookupModel(callee: string, firstArg: string): string | undefined {
  const own = /^(\w+)\.(objects|query|active|published)\b/.exec(callee);
  if (own) return own[1];
  if (/(^|\.)get_(object|list)_or_404$/.test(callee)) return /^(\w+)(\.(objects|active|published)\b|$)/.exec(firstArg.trim())?.[1];
  return undefined;
}
