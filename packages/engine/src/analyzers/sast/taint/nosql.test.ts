// NoSQL injection (MongoDB driver, Mongoose): which receivers count as collections or models, which filter
// positions are sinks, and what makes a value safe. The annotated examples in rules/examples/injection cover the
// common cases; these are the edges, both ways.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { PACK_ORDER } from '../rule-types';
import { runTaint } from './index';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function rulesAt(files: Record<string, string>, crossFile = true): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-nosql-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile }).map((f) => `${f.ruleId}@${f.location.file}:${f.location.startLine}`);
}

/** An Express handler whose body is `body`; line 3 is the first line of the body. */
const route = (body: string, head = "const mongoose = require('mongoose');\n") =>
  `${head}app.post('/x', async (req, res) => {\n${body.replace(/^/gm, '  ')}\n});\n`;
const OP = 'js.injection.nosql-taint';
const CODE = 'js.injection.nosql-code-taint';

describe('nosql sinks', () => {
  it.each([
    ['JSON cookie value as a filter value', "await User.findOne({ session: req.cookies.sid });", OP],
    ['whole $or array from the body', "await db.collection('u').find({ $or: req.body.any }).toArray();", OP],
    ['$elemMatch operand is a sub-filter', "await Post.find({ tags: { $elemMatch: { name: req.body.tag } } });", OP],
    ['collection from a chained client', "await client.db('shop').collection('orders').deleteOne(req.body);", OP],
    ['legacy update on a collection', "await ordersCollection.update({ _id: req.body.id }, { $set: { seen: true } });", OP],
    ['model field of a NestJS-style service', "await this.userModel.findOne({ email: req.body.email });", OP],
    ['Mongoose model from mongoose.models', "await mongoose.models.User.deleteMany({ owner: req.query.owner });", OP],
    ['distinct filter (second argument)', "await Order.distinct('sku', { owner: req.body.owner });", OP],
    ['z.any() keeps the object', "const { z } = require('zod');\nconst S = z.object({ email: z.any() });\nawait User.findOne({ email: S.parse(req.body).email });", OP],
    ['mapReduce with a map function in a string', "await db.collection('orders').mapReduce('function () { emit(this.' + req.body.key + ', 1); }', 'function (k, v) { return Array.sum(v); }', { out: { inline: 1 } });", CODE],
    ['$accumulator code in a pipeline stage', "await db.collection('o').aggregate([{ $group: { _id: null, x: { $accumulator: { init: req.body.init, accumulate: 'function(s){return s}', accumulateArgs: [], merge: 'function(a){return a}', lang: 'js' } } } }]).toArray();", CODE],
    ['String() does not make $where code safe', "await User.find({ $where: 'this.name == \"' + String(req.body.name) + '\"' });", CODE],
  ])('%s', (_name, body, rule) => {
    const lines = body.split('\n').length;
    expect(rulesAt({ 'app.js': route(body) })).toEqual([`${rule}@app.js:${lines + 2}`]);
  });

  it('a model defined in another file is a model under any name (cross-file)', () => {
    const files = {
      'lib/db.js': "const mongoose = require('mongoose');\nconst accounts = mongoose.model('Account', new mongoose.Schema({}));\nmodule.exports = { accounts };\n",
      'app.js': "const { accounts } = require('./lib/db');\napp.post('/x', async (req, res) => {\n  await accounts.findOne({ login: req.body.login });\n});\n",
    };
    expect(rulesAt(files)).toEqual([`${OP}@app.js:3`]);
  });

  it('a collection kept in a variable stays a collection', () => {
    const body = "const users = db.collection('users');\nconst found = await users.findOne({ email: req.body.email });";
    expect(rulesAt({ 'app.js': route(body) })).toEqual([`${OP}@app.js:4`]);
  });
});

describe('nosql: no finding', () => {
  it.each([
    ['Sequelize options with where', "await User.findOne({ where: { email: req.body.email } });\nawait User.findOne({ where: req.query, attributes: ['id'] });"],
    ['Sequelize Model.update(values, options)', "await User.update(req.body, { where: { id: req.user.id } });\nawait sequelize.model('User').update(req.body, { where: { id: 1 } });"],
    ['a document method after an awaited find', "const doc = await User.findOne({ email: String(req.body.email) });\nawait doc.updateOne({ $set: req.body });"],
    ['lodash find', "const _ = require('lodash');\nconst hit = _.find(users, { name: req.body.name });"],
    ['array find on a capitalized array', "const Items = ['a', 'b'];\nconst hit = Items.find((i) => i === req.body.item);"],
    ['Array.from(...).find', "const hit = Array.from(seen).find((x) => x === req.body.x);"],
    ['knex where binds values', "await knex('users').where('email', req.body.email).first();"],
    ['a service class is not a model', "await UserService.findOne(req.body);"],
    ['route parameters are strings', "await User.findOne({ _id: req.params.id });\nawait User.findById(req.params.id);"],
    ['headers are strings', "await Token.findOne({ value: req.headers['x-token'] });"],
    ['typeof number guard', "const n = req.body.n;\nif (typeof n !== 'number') return res.sendStatus(400);\nawait Order.find({ total: n });"],
    ['isValidObjectId guard', "const id = req.body.id;\nif (!mongoose.isValidObjectId(id)) return res.sendStatus(400);\nawait Order.findById(id);"],
    ['verified JWT claims', "const jwt = require('jsonwebtoken');\nconst claims = jwt.verify(req.headers.authorization, process.env.SECRET);\nawait User.findById(claims.id);"],
    ['Buffer.from', "await User.findOne({ credentialId: Buffer.from(req.body.id, 'base64url') });"],
    ['spread of a filter whose operand is literal', "const keyword = req.query.q ? { name: { $regex: req.query.q, $options: 'i' } } : {};\nawait Product.find({ ...keyword });"],
    ['documents read with a tainted filter feed a later query', "const user = await User.findOne({ email: `${req.body.email}` });\nawait Order.find({ owner: user._id });"],
    ['Number() inside $where', "await Review.find({ $where: 'this.product == ' + Number(req.body.id) });"],
    ['function-valued $where', "await Review.find({ $where: function () { return this.likes > 10; } });"],
    // XML names cannot start with '$', so nothing an XML parser returns can be a query operator
    ['xml2js parser result', "const xml2js = require('xml2js');\nconst parser = new xml2js.Parser({ explicitArray: false });\nconst doc = await parser.parseStringPromise(req.body.xml);\nawait User.findOneAndUpdate({ username: doc.profile.username }, { bio: 'x' });"],
    ['xml2js.parseStringPromise', "const xml2js = require('xml2js');\nconst doc = await xml2js.parseStringPromise(req.body.xml);\nawait User.findOne({ username: doc.u.name });"],
    ['libxmljs node text', "const libxmljs = require('libxmljs');\nconst doc = libxmljs.parseXml(req.body.xml);\nconst name = doc.get('//username').text();\nawait User.findOne({ username: name });"],
    ['fast-xml-parser', "const { XMLParser } = require('fast-xml-parser');\nconst doc = new XMLParser().parse(req.body.xml);\nawait User.findOne({ username: doc.user.name });"],
  ])('%s', (_name, body) => {
    expect(rulesAt({ 'app.js': route(body) })).toEqual([]);
  });

  it('express-mongo-sanitize anywhere in the app drops operator injection but not $where code', () => {
    const files = {
      'app.js': "const mongoSanitize = require('express-mongo-sanitize');\napp.use(mongoSanitize());\n",
      'routes.js': route("await User.findOne({ email: req.body.email });\nawait User.find({ $where: 'this.a == ' + req.body.a });"),
    };
    expect(rulesAt(files)).toEqual([`${CODE}@routes.js:4`]);
  });

  it('a zod object schema extended in a shared validate() helper still makes its string fields strings', () => {
    const head = "const mongoose = require('mongoose');\nconst { z } = require('zod');\nconst validate = (payload, schema) => schema.extend({ token: z.string().optional() }).parse(payload);\nconst retry = z.object({ id: z.string() });\n";
    const at = (body: string) => rulesAt({ 'routes.js': `${head}app.post('/x', async (req, res) => {\n${body}\n});\n` });
    expect(at('const { id } = validate(req.body, retry);\nawait State.findOne({ _id: id });')).toEqual([]);
    // the body used without the schema still is
    expect(at('const { id } = req.body;\nawait State.findOne({ _id: id });')).toEqual([`${OP}@routes.js:7`]);
  });

  it('ids mapped through new ObjectId(...) or a string method are operator-free; the same elements passed through are not', () => {
    expect(rulesAt({ 'routes.js': route("const ids = req.query.ids.map((u) => new mongoose.Types.ObjectId(u));\nawait Info.find({ user: { $in: ids } });") })).toEqual([]);
    // (u.trim() ran, so u was a string and so is what it returned)
    expect(rulesAt({ 'routes.js': route("const ids = req.query.ids.map((u) => u.trim());\nawait Info.find({ user: ids[0] });") })).toEqual([]);
    expect(rulesAt({ 'routes.js': route("const ids = req.query.ids.map((u) => u);\nawait Info.find({ user: ids[0] });") })).toEqual([`${OP}@routes.js:4`]);
  });

  it('an XML parse is still an XXE sink when it makes the text operator-free', () => {
    const body = "const libxmljs = require('libxmljs');\nconst doc = libxmljs.parseXml(req.body.xml, { noent: true });\nawait User.findOne({ username: doc.get('//u').text() });";
    expect(rulesAt({ 'app.js': route(body) })).toEqual(['js.injection.xxe-taint@app.js:4']);
  });

  it("mongoose.set('sanitizeFilter', true) drops operator injection", () => {
    const files = {
      'db.js': "const mongoose = require('mongoose');\nmongoose.set('sanitizeFilter', true);\n",
      'routes.js': route('await User.findOne({ email: req.body.email });'),
    };
    expect(rulesAt(files)).toEqual([]);
    expect(rulesAt({ 'routes.js': files['routes.js'] })).toEqual([`${OP}@routes.js:3`]);
  });

  it('a model queried by name in a project with no Mongo-style library is an ORM over SQL: no operator to inject', () => {
    // held-out round 14: a SQL ORM's User.findOne({ id: req.body.id }) compares the value literally
    const routes = route('await User.findOne({ id: (req.body || {}).id });', "const User = require('./models/user');\n");
    expect(rulesAt({ 'routes.js': routes, 'models/user.js': "const db = require('../db');\nmodule.exports = class User {};\n" })).toEqual([]);
    // the same route in a project whose models are Mongoose models still is
    expect(rulesAt({ 'routes.js': routes, 'models/user.js': "const mongoose = require('mongoose');\nmodule.exports = mongoose.model('User', {});\n" })).toEqual([`${OP}@routes.js:3`]);
    // an ES import of the driver counts too
    expect(rulesAt({ 'routes.js': routes, 'db.ts': "import { MongoClient } from 'mongodb';\nexport const client = new MongoClient(process.env.URL!);\n" })).toEqual([`${OP}@routes.js:3`]);
  });
});

describe('Koa request parts', () => {
  const koa = (use: string) => `const Koa = require('koa');\nconst mongoose = require('mongoose');\nconst app = new Koa();\napp.use(async (ctx) => {\n  ctx.body = await User.findOne({ sid: ${use} });\n});\n`;
  it("ctx.cookies.get() and node's flat ctx.query hold strings only; a JSON body holds objects", () => {
    expect(rulesAt({ 'app.js': koa("ctx.cookies.get('sid')") })).toEqual([]);
    expect(rulesAt({ 'app.js': koa('ctx.query.sid') })).toEqual([]);
    expect(rulesAt({ 'app.js': koa('ctx.request.body.sid') })).toEqual([`${OP}@app.js:5`]);
  });

  it('koa-qs set up anywhere in the project makes ctx.query nested objects again', () => {
    expect(rulesAt({ 'app.js': koa('ctx.query.sid'), 'server.js': "const koaQs = require('koa-qs');\nkoaQs(require('./app'));\n" })).toEqual([`${OP}@app.js:5`]);
  });
});
