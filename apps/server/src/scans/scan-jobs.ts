// The scan service's background jobs, registered in the job catalogue (../queue/jobs.ts).
import type { JobDefinition } from '../queue/job-definition';
import { deliverEmailJob, deliverWebhookJob } from '../delivery/delivery-jobs';
import { expireReportsJob } from '../retention/expire-reports';
import { runScanJob } from './run-scan-job';

export const SCAN_SERVICE_JOBS = [runScanJob, deliverEmailJob, deliverWebhookJob, expireReportsJob] as unknown as JobDefinition[];
