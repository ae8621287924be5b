// $where clauses built from values, in code without a request in sight (a data-access helper): the pattern rule
// is the audit signal here; in request handlers the taint rule js.injection.nosql-code-taint decides.
function reviewsFor(reviews, productId) {
  // ruleid: js.injection.nosql-where-dynamic
  return reviews.find({ $where: 'this.product == ' + productId });
}

function ordersById(orders, id) {
  // ruleid: js.injection.nosql-where-dynamic
  return orders.find({ '$where': `this.orderId === '${id}'` });
}

function byName(User, name) {
  // ruleid: js.injection.nosql-where-dynamic
  return User.find().$where('this.name == "' + (name) + '"');
}

function numeric(reviews, productId, limit) {
  // ok: js.injection.nosql-where-dynamic
  const a = reviews.find({ $where: 'this.product == ' + Number(productId) });
  // ok: js.injection.nosql-where-dynamic
  const b = reviews.find({ $where: 'this.likes > 100' });
  // ok: js.injection.nosql-where-dynamic
  const c = reviews.find({ $where: function () { return this.likes > limit; } });
  // ok: js.injection.nosql-where-dynamic
  const d = reviews.find({ product: { $eq: String(productId) } });
  // ok: js.injection.nosql-where-dynamic
  const e = reviews.find({ $where: `this.likes > ${parseInt(limit, 10)}` });
  return [a, b, c, d, e];
}

module.exports = { reviewsFor, ordersById, byName, numeric };
