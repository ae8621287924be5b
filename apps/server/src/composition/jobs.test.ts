import { describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import { loadConfig } from '../config';
import type { Mailer } from '../mail/mailer';
import { createJobs, QUEUES } from './jobs';
import type { Services } from './services';

describe('the job list', () => {
  // Building the list only captures services (nothing runs), so stand-ins for the database-backed ones suffice.
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const services = { config, database: {}, scanStore: {}, deliveryStore: {}, objects: {} } as unknown as Services;
  const jobs = createJobs(services, {} as PgBoss, {} as Mailer);

  it('has a handler for every queue producers may send to, and no queue the start-up does not create', () => {
    expect(jobs.map((j) => j.queue).sort()).toEqual(QUEUES.map((q) => q.queue).sort());
    expect(new Set(jobs.map((j) => j.queue)).size).toBe(jobs.length);
  });

  it('schedules the retention sweep', () => {
    expect(jobs.find((j) => j.queue === 'reports.expire')?.schedule).toBe('*/10 * * * *');
  });
});
