// @ts-nocheck
// MongoDB driver collections reached by request data (js.injection.nosql-taint, js.injection.nosql-code-taint).
import express, { type Request, type Response } from 'express';
import { MongoClient, ObjectId } from 'mongodb';

const client = new MongoClient(process.env.MONGO_URL ?? 'mongodb://localhost:27017');
const db = client.db('shop');
const app = express();
app.disable('x-powered-by');
app.use(express.json());

app.post('/reviews/:id', async (req: Request, res: Response) => {
  const reviews = db.collection('reviews');
  // ruleid: js.injection.nosql-taint
  await reviews.updateOne({ _id: req.body.id }, { $set: { message: String(req.body.message) } });
  // ruleid: js.injection.nosql-taint
  await db.collection('reviews').deleteMany({ $or: [{ author: req.body.author }, { flagged: true }] });
  // ruleid: js.injection.nosql-taint
  const n = await reviews.countDocuments({ ...req.query, visible: true });
  // ruleid: js.injection.nosql-taint
  const stats = await reviews.aggregate([{ $match: { product: req.body.product } }, { $group: { _id: '$rating', n: { $sum: 1 } } }]).toArray();
  res.json({ n, stats });
});

app.get('/track/:id', async (req: Request, res: Response) => {
  const ordersCollection = db.collection('orders');
  // ruleid: js.injection.nosql-code-taint, js.injection.nosql-where-dynamic
  const orders = await ordersCollection.find({ $where: `this.orderId === '${req.params.id}'` }).toArray();
  // ruleid: js.injection.nosql-code-taint
  const byScript = await ordersCollection.aggregate([{ $match: { $expr: { $function: { body: req.query.fn, args: ['$total'], lang: 'js' } } } }]).toArray();
  res.json({ orders, byScript });
});

app.get('/safe/:id', async (req: Request, res: Response) => {
  const orders = db.collection('orders');
  // ok: js.injection.nosql-taint
  const one = await orders.findOne({ _id: new ObjectId(req.body.id) });
  // ok: js.injection.nosql-taint
  const mine = await orders.find({ owner: String(req.query.owner), state: { $in: ['open', 'paid'] } }).toArray();
  // ok: js.injection.nosql-code-taint
  const numeric = await orders.find({ $where: 'this.total > ' + Number(req.query.min) }).toArray();
  // ok: js.injection.nosql-taint
  const constant = await orders.deleteMany({ state: 'expired' });
  res.json({ one, mine, numeric, constant });
});

app.get('/checked', async (req: Request, res: Response) => {
  const id = req.query.id;
  if (!ObjectId.isValid(id as string)) return res.sendStatus(400);
  // ok: js.injection.nosql-taint
  const one = await db.collection('orders').findOne({ _id: id });
  const tags = ['new', 'sale'];
  // ok: js.injection.nosql-taint
  const tag = tags.find((t) => t === req.query.tag);
  res.json({ one, tag });
});

export default app;
