// MongoDB driver and Mongoose as taint sinks (rules js.injection.nosql-taint and js.injection.nosql-code-taint).
//
// Operator injection ('nosql'): a filter value that can be an object lets the client send operators
// ({"password": {"$ne": null}}). The filter is walked like MongoDB reads it: a value at a field position, a
// whole filter or pipeline stage, or a $and/$or/$nor branch that is request data is a sink; operands of an
// operator ($eq, $in, $gt, $regex ...) are literals and are not. String(x), x.toString(), `${x}`, z.string()
// and a typeof-string guard make a value safe for this kind only; Number(x) and new ObjectId(x) make it clean.
// Route parameters and headers are strings (see STRING_ONLY in js.ts), so they start out safe for it.
//
// Server-side JavaScript ('nosql-code'): request data inside $where, mapReduce, $function or $accumulator code.
// Only Number/ObjectId-like conversions help there: a string is the code.
//
// The receiver must look like a collection, model or query, so that `array.find(x => ...)` and ORMs with the same
// method names do not match (see receiverOf):
//  - a value from db.collection(...), mongoose.model(...) / model(...) / conn.model(...), mongoose.models.X, or a
//    query returned by one of these (User.find().where(...));
//  - a project import from a models/ or schemas/ folder (`require('../models/user')`, `import { User } from '@/models'`);
//  - a receiver named like a model or collection: `this.userModel`, `usersCollection`, `db.collection('x')`, or a
//    capitalized name (User, OrderItem) that is not a JavaScript built-in or a Service/Repository/Controller-like
//    class. Legacy update/remove/count take a collection or a Mongoose-evidenced model only (Sequelize's
//    Model.update(values, options) has the same name).
// A filter object with a `where` key is an ORM options object (Sequelize, TypeORM, Prisma), not a Mongo filter.
import type { Expr } from '../ir';
import type { CallSite, ModelHost } from '../model';
import type { SinkKind, Value } from '../value';
import { CHOSEN_KEY, CLEAN, deepTaint, sanitize } from '../value';
import { flowIn, sanitized } from './common';

const MODEL = 'mongo-model';
const COLLECTION = 'mongo-collection';
const QUERY = 'mongo-query';

/** Methods whose first argument is a filter (driver and Mongoose). */
const FILTER_METHODS = new Set([
  'find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'findOneAndRemove',
  'updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'countDocuments', 'exists',
]);
/** Legacy filter methods (driver < 4, Mongoose < 7, MarsDB, monk): same names as SQL ORMs, so collections only. */
const LEGACY_FILTER_METHODS = new Set(['update', 'remove', 'count', 'findAndModify', 'findAndRemove']);
/** Mongoose: the id becomes `{ _id: id }`, a field position. */
const BY_ID_METHODS = new Set(['findById', 'findByIdAndUpdate', 'findByIdAndDelete', 'findByIdAndRemove']);

const BUILTINS = /^(Array|Object|Promise|Reflect|JSON|Math|Number|String|Boolean|Date|Map|Set|WeakMap|WeakSet|Symbol|Buffer|Intl|Proxy|BigInt|RegExp|Error|URL|URLSearchParams|Atomics)$/;
const NOT_A_MODEL = /(Service|Controller|Repository|Repo|Helper|Helpers|Util|Utils|Api|API|Client|Manager|Dao|DAO|Handler|Store|Cache|Provider|Factory|Builder|Resolver|Router|Component|Module|Page|View|Form|Schema|Type|Types|Enum|Dto|DTO)$/;
const MODEL_NAME = /^[A-Z][a-z0-9]\w*$|[a-z0-9_]Model$|^model$/;
const COLLECTION_NAME = /([a-z0-9_]Collection|^collection|[a-z0-9_]Coll|^coll)$/;
const MODEL_IMPORT = /(^|[/.])(models?|schemas?)([/.]|$)/;

type Receiver = 'model' | 'collection' | 'query';

function flagged(v: Value | undefined): Receiver | undefined {
  if (v?.flags?.has(QUERY)) return 'query';
  if (v?.flags?.has(COLLECTION)) return 'collection';
  if (v?.flags?.has(MODEL)) return 'model';
  return undefined;
}

/** Name of the receiver expression: `User`, `this.userModel` -> userModel, `db.collection('x')` -> collection(). */
export function receiverName(e: Expr): string | undefined {
  if (e.k === 'name') return e.id;
  if (e.k === 'attr') return e.name;
  if (e.k === 'call') {
    const inner = e.callee.k === 'attr' ? e.callee.name : e.callee.k === 'name' ? e.callee.id : undefined;
    return inner ? `${inner}()` : undefined;
  }
  return undefined;
}

/** What the receiver of `recv.method(...)` is, and whether the engine saw Mongo evidence (not only a name). */
function receiverOf(site: CallSite): { kind: Receiver; evidence: boolean } | undefined {
  const recv = site.recv;
  if (!recv || recv.elems || recv.hasC || recv.fn || recv.cls) return undefined;
  const flag = flagged(recv);
  if (flag) return { kind: flag, evidence: true };
  const qn = recv.qn ?? '';
  if (/(^|\.)mongoose\.models\.\w+$/.test(qn) || /(^|\.)mongoose\.model\(\)$/.test(qn)) return { kind: 'model', evidence: true };
  if (/\.collection\(\)$/.test(qn)) return { kind: 'collection', evidence: true };
  if (qn.includes('/') && MODEL_IMPORT.test(qn)) return { kind: 'model', evidence: false };
  const callee = site.expr.callee;
  const name = callee.k === 'attr' ? receiverName(callee.obj) : undefined;
  if (!name) return undefined;
  if (name === 'collection()' || /Collection\(\)$/.test(name)) return { kind: 'collection', evidence: true };
  if (name === 'model()' && !(callee.k === 'attr' && /sequelize/i.test(callee.obj.k === 'call' ? callee.obj.text : ''))) return { kind: 'model', evidence: true };
  if (COLLECTION_NAME.test(name)) return { kind: 'collection', evidence: false };
  if (MODEL_NAME.test(name) && !BUILTINS.test(name) && !NOT_A_MODEL.test(name)) return { kind: 'model', evidence: false };
  return undefined;
}

function sink(site: CallSite, host: ModelHost, kind: SinkKind, value: Value | undefined): void {
  if (value) host.sink({ kind, value, line: site.expr.line, label: site.expr.text });
}

const isObjectLiteral = (v: Value): boolean => !!v.fields && !v.qn && !v.inst;

/** Keys that name the tenant or owner a record belongs to. */
const TENANT_KEY = /^(id_?project|project(_?id)?|tenant(_?id)?|org(anization)?(_?id)?|workspace(_?id)?|account(_?id)?|company(_?id)?|team(_?id)?|owner(_?id)?|user(_?id)?|created_?by)$/i;
/**
 * Keys whose match is itself a check: a secret (password, token, code) or an identity (the user a message is sent as,
 * an email): an operator there logs in or acts as someone else inside the tenant.
 */
const SECRET_KEY = /pass|secret|token|otp|code|hash|key|pin|salt/i;
const IDENTITY_KEY = /user|sender|author|owner|email|login|member|role/i;
/**
 * Queries that list or count what matches (find, count, distinct, an aggregation's $match): an operator in an identity
 * key there widens a listing inside the tenant; in a single-record lookup (findOne, updateOne...) the code then acts
 * on the one record as if its identity matched, so the key is a check.
 */
const LISTING_METHODS = new Set(['find', 'countDocuments', 'count', 'distinct', 'aggregate']);

/**
 * `{ id_project: req.projectid, status: req.query.status }`: a filter pinned to a tenant or owner by a value the
 * request did not choose, with no secret compared in it. Operators injected into its other keys select only among
 * that tenant's records, so the sink is reported scoped (capped), not as an open injection.
 */
function tenantScoped(v: Value, listing: boolean): boolean {
  if (!isObjectLiteral(v) || v.t) return false;
  let pinned = false;
  for (const [key, x] of v.fields ?? []) {
    const taint = deepTaint(x);
    const tainted = !!taint;
    // (a pin must be there on every path: a value the analysis knows, not one branch's absence joined to another's)
    if (TENANT_KEY.test(key) && !tainted && (x.qn || x.inst || x.fields || (x.hasC && x.c != null))) pinned = true;
    // a tenant named by a plain string of the request (a route parameter: never an operator) pins the filter to that one
    // tenant; operators in the other keys select among its records only. Whether the caller may name that tenant is
    // the access-control question (IDOR), not an injection.
    if (TENANT_KEY.test(key) && taint?.safe.has('nosql') && !x.fields && !x.elems) pinned = true;
    if (tainted && (key === CHOSEN_KEY || SECRET_KEY.test(key) || (!listing && IDENTITY_KEY.test(key)))) return false;
  }
  return pinned;
}

function scopedHost(host: ModelHost): ModelHost {
  return { ...host, sink: (hit) => host.sink({ ...hit, scoped: true }) };
}

/** A whole filter (find's first argument, a $and branch, a $match stage). */
function filter(site: CallSite, host: ModelHost, v: Value | undefined, depth = 0): void {
  if (!v || depth > 4) return;
  if (depth === 0 && tenantScoped(v, LISTING_METHODS.has(site.method ?? ''))) host = scopedHost(host);
  if (!isObjectLiteral(v)) return sink(site, host, 'nosql', v);
  if (v.t) sink(site, host, 'nosql', { t: v.t }); // { ...req.body }
  for (const [key, x] of v.fields ?? []) {
    if (key === '$where') sink(site, host, 'nosql-code', x);
    else if (key === CHOSEN_KEY) sink(site, host, 'nosql', x); // a field the client names: an operator or a pinned key
    else if (key === '$expr') expression(site, host, x, depth + 1);
    else if (key === '$and' || key === '$or' || key === '$nor') {
      if (x.elems) for (const branch of x.elems) filter(site, host, branch, depth + 1);
      else sink(site, host, 'nosql', x);
    } else if (!key.startsWith('$')) fieldValue(site, host, x, depth + 1);
  }
}

/** The value at a field position: `{ email: <here> }`. */
function fieldValue(site: CallSite, host: ModelHost, v: Value, depth: number): void {
  if (v.elems || v.fn) return; // an array is compared literally
  if (!isObjectLiteral(v)) return sink(site, host, 'nosql', v);
  if (v.t) sink(site, host, 'nosql', { t: v.t });
  for (const [op, x] of v.fields ?? []) {
    if (op === '$elemMatch') filter(site, host, x, depth + 1);
    else if (op === '$not') fieldValue(site, host, x, depth + 1);
    // other operators ($eq, $ne, $in, $gt, $regex ...) take literal operands; plain keys match a subdocument
  }
}

/** An aggregation expression ($expr, pipeline stages): code operators are code, other request data is structure. */
function expression(site: CallSite, host: ModelHost, v: Value, depth: number, leaves = true): void {
  if (depth > 6 || v.fn) return;
  if (v.elems) {
    for (const e of v.elems) expression(site, host, e, depth + 1, leaves);
    return;
  }
  if (!isObjectLiteral(v)) {
    if (leaves) sink(site, host, 'nosql', v);
    return;
  }
  if (v.t) sink(site, host, 'nosql', { t: v.t });
  for (const [op, x] of v.fields ?? []) {
    if (op === '$literal') continue;
    if (op === '$function' || op === '$accumulator') code(site, host, x, ['body', 'init', 'accumulate', 'merge', 'finalize']);
    else expression(site, host, x, depth + 1, leaves);
  }
}

/** JavaScript source in the named fields of an options object (or the value itself when it is not one). */
function code(site: CallSite, host: ModelHost, v: Value | undefined, keys: string[]): void {
  if (!v) return;
  if (!isObjectLiteral(v)) return sink(site, host, 'nosql-code', v);
  for (const k of keys) sink(site, host, 'nosql-code', v.fields?.get(k));
}

function pipeline(site: CallSite, host: ModelHost, p: Value | undefined): void {
  if (!p) return;
  if (!p.elems) return sink(site, host, 'nosql', p);
  for (const stage of p.elems) {
    if (!isObjectLiteral(stage)) {
      sink(site, host, 'nosql', stage);
      continue;
    }
    if (stage.t) sink(site, host, 'nosql', { t: stage.t });
    for (const [name, body] of stage.fields ?? []) {
      if (name === '$match') filter(site, host, body);
      // other stages: code operators only ($limit: '10' or $sort: {...} from input is not operator injection)
      else expression(site, host, body, 1, false);
    }
  }
}

/** Reports NoSQL sinks of one call. */
export function nosqlSinks(site: CallSite, host: ModelHost): void {
  const method = site.method;
  if (!method) return;
  const recv = receiverOf(site);
  if (!recv) return;
  const [a0, a1, a2] = site.args;
  if (recv.kind === 'query') return querySinks(site, host);
  if (FILTER_METHODS.has(method) || (LEGACY_FILTER_METHODS.has(method) && (recv.kind === 'collection' || recv.evidence))) {
    if (a0 && isObjectLiteral(a0) && a0.fields?.has('where')) return; // ORM options, not a Mongo filter
    return filter(site, host, a0);
  }
  if (method === 'distinct') return filter(site, host, a1);
  if (BY_ID_METHODS.has(method) && recv.kind !== 'collection') return a0 ? fieldValue(site, host, a0, 0) : undefined;
  if (method === 'aggregate') return pipeline(site, host, a0);
  if (method === 'mapReduce') {
    if (a0 && isObjectLiteral(a0)) return code(site, host, a0, ['map', 'reduce', 'finalize']);
    sink(site, host, 'nosql-code', a0);
    sink(site, host, 'nosql-code', a1);
    return code(site, host, a2, ['finalize']);
  }
  if (recv.kind === 'model') querySinks(site, host);
}

/**
 * Mongoose query building on a model or query: where/equals/and/or/$where. A query value is also what an awaited
 * find returns (documents), so filter methods are not sinks here: `doc.updateOne(update)` takes no filter.
 */
function querySinks(site: CallSite, host: ModelHost): void {
  const [a0, a1] = site.args;
  if (!a0) return;
  switch (site.method) {
    case '$where':
      return sink(site, host, 'nosql-code', a0);
    case 'where':
      return a1 ? fieldValue(site, host, a1, 0) : filter(site, host, a0);
    case 'equals':
      return fieldValue(site, host, a0, 0);
    case 'and':
    case 'or':
    case 'nor':
      for (const branch of a0.elems ?? []) filter(site, host, branch);
      return;
    default:
      return;
  }
}

/**
 * Results that stay collections, models or queries, so `const users = db.collection('users'); users.find(...)`
 * and `User.find().where('a').equals(x)` are recognized. Taint flows as for any library call.
 */
export function nosqlResult(site: CallSite): Value | undefined {
  const method = site.method ?? '';
  const qn = site.qn ?? '';
  let flag: string | undefined;
  if (method === 'collection' || /(^|\.)(mongodb\.)?Collection$/.test(qn)) flag = COLLECTION;
  else if (/^mongoose\.model$/.test(qn) || (method === 'model' && !/sequelize/i.test(`${site.recv?.qn ?? ''} ${site.recvName ?? ''}`))) flag = MODEL;
  else if (receiverOf(site) && (FILTER_METHODS.has(method) || BY_ID_METHODS.has(method) || method === 'where' || method === '$where')) flag = QUERY;
  else if (site.recv?.flags?.has(QUERY) && /^(equals|and|or|nor|sort|limit|skip|select|lean|populate|gt|gte|lt|lte|in|nin|ne|regex|exists|elemMatch)$/.test(method)) flag = QUERY;
  if (!flag) return undefined;
  // documents read from the database are stored data, not the filter that found them (the filter is checked as a sink
  // where it is given); a collection or model handle keeps what flowed into it
  const incoming = flag === QUERY ? undefined : flowIn(site).t;
  return { ...(qn ? { qn: `${qn}()` } : {}), flags: new Set([...(site.recv?.flags ?? []), flag]), ...(incoming ? { t: incoming } : {}) };
}

/** XML parsers: xml2js (function or Parser instance), fast-xml-parser, libxmljs. */
const XML_PARSE = /^(xml2js(\.Parser\(\))?\.(parseString|parseStringPromise)|fast-xml-parser\.XMLParser\(\)\.parse|libxmljs2?\.(parseXml|parseXmlString))$/;

/**
 * What an XML parser returns: XML names cannot start with '$', so its text and its objects (keyed by element and
 * attribute names) hold no query operator. A model call, not a sanitizer, so the parser's own XXE sink still runs.
 */
export function xmlParseResult(site: CallSite): Value | undefined {
  return XML_PARSE.test(site.qn ?? '') ? sanitized(site, ['nosql']) : undefined;
}

/** Conversions that make a value safe for NoSQL sinks; undefined when the call is not one. */
export function nosqlSanitizer(site: CallSite): Value | undefined {
  const qn = site.qn ?? '';
  // an ObjectId is 12 bytes; the constructor throws on anything else
  if (/(^|\.)(ObjectId|ObjectID)(\.createFromHexString)?$/.test(qn)) return CLEAN;
  if (qn === 'String') return sanitized(site, ['nosql']);
  // a Buffer keeps its type name, so an encoding its toString() names can be read (models/js.ts)
  if (qn === 'Buffer.from') return { ...sanitized(site, ['nosql']), qn: 'Buffer.from()' };
  // claims of a verified token were issued by the server (jwt.decode, which does not verify, is not listed)
  if (/^(jsonwebtoken|jwt)\.verify$/.test(qn)) return sanitized(site, ['nosql', 'nosql-code']);
  if (site.method === 'toString' && site.args.length === 0 && site.recv) return sanitized(site, ['nosql'], site.recv);
  // strips keys starting with $ from objects; a string passes unchanged, so $where code stays tainted
  if (/^(mongo-sanitize|(express-)?mongo-sanitize\.sanitize)$/.test(qn)) return sanitized(site, ['nosql']);
  return undefined;
}

/** `ObjectId.isValid(x)`, `mongoose.isValidObjectId(x)`, `validator.isMongoId(x)`: true only for an id. */
export function nosqlValidator(site: CallSite): Expr | undefined {
  if (/(^|\.)(isValidObjectId|ObjectId\.isValid|ObjectID\.isValid|validator\.isMongoId)$/.test(site.qn ?? '')) return site.expr.args[0];
  return undefined;
}

/** Request data that is always a string (route parameters, headers, the URL): no operators can hide in it. */
export function stringSource(v: Value): Value {
  return v.t ? { ...v, t: sanitize(v.t, ['nosql']) } : v;
}

/** Taint of a value parsed by a string schema (zod z.string()): safe for operator injection. */
export function asString(input: Value | undefined): Value {
  const t = input ? deepTaint(input) : undefined;
  return t ? { t: sanitize(t, ['nosql']) } : CLEAN;
}

/**
 * express-mongo-sanitize middleware or Mongoose's sanitizeFilter option protect every query of the app, wherever
 * they are set up (often in app.js, away from the routes), so operator-injection findings are dropped when a
 * project file mentions either.
 */
const APP_SANITIZER = /express-mongo-sanitize|sanitizeFilter['"]?\s*[:,]\s*true/;

export function sanitizesNoSqlGlobally(texts: Iterable<string>): boolean {
  for (const t of texts) if (APP_SANITIZER.test(t)) return true;
  return false;
}

/**
 * Libraries whose queries interpret `$`-operators in filter values: the MongoDB driver and its wrappers, and the
 * in-process stores with the same query language. Without one of them in the project, a `User.findOne({...})`
 * matched by its name is an ORM over SQL (or an in-memory store) that compares values literally, so there is no
 * operator to inject.
 */
const MONGO_LIBRARY = /(?:require\(\s*|\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](?:mongodb|mongoose|monk|mongojs|mongoist|mquery|nedb|@seald-io\/nedb|nedb-promises|tingodb|marsdb|lokijs|sift|mingo|meteor\/mongo|@nestjs\/mongoose|@typegoose\/typegoose|@mikro-orm\/mongodb)(?:\/[^'"]*)?['"]|\btype\s*:\s*['"]mongodb['"]/;

export function usesMongoQueries(texts: Iterable<string>): boolean {
  for (const t of texts) if (MONGO_LIBRARY.test(t)) return true;
  return false;
}
