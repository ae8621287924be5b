// drizzle-kit generates the SQL migrations from src/db/schema.ts: `npm run db:generate -w @duescan/server`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
