import express from 'express';
import bodyParser from 'body-parser';
import _ from 'lodash';
import { config } from './config';
import { payments } from './routes/payments';
import { statements } from './routes/statements';

const app = express();
app.use(bodyParser.json());
app.use((req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  next();
});

app.use('/v1/payments', payments);
app.use('/v1/statements', statements);

app.post('/v1/merchant/settings', (req, res) => {
  const defaults = { payoutSchedule: 'daily', currency: 'EUR' };
  res.json(_.defaultsDeep({}, req.body, defaults));
});

app.listen(config.port, () => console.log('paylane-api on', config.port));
