import mysql from 'mysql';
import { config } from '../config';

export const pool = mysql.createPool(config.mysql);

export function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return new Promise((resolve, reject) => {
    pool.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[])));
  });
}
