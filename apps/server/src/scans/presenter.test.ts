import { describe, expect, it } from 'vitest';
import type { TScan } from '@duescan/contracts';
import { hideExpiredLinks } from './presenter';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');
const scan = (id: string, hoursAgo: number | null, link = true): TScan => ({
  id,
  project_name: id,
  package_type: 'quick',
  status: hoursAgo === null ? 'pending' : 'completed',
  created_at: new Date(NOW - 30 * HOUR).toISOString(),
  completed_at: hoursAgo === null ? null : new Date(NOW - hoursAgo * HOUR).toISOString(),
  report_url: hoursAgo !== null && link ? `/api/v1/reports/${id}` : null,
  error_message: null,
  score: hoursAgo === null ? null : 80,
});

describe('hideExpiredLinks', () => {
  it('drops the link of a report past the retention period, keeps the others', () => {
    const list = [scan('fresh', 1), scan('old', 25), scan('pending', null)];
    const shown = hideExpiredLinks(list, 24 * HOUR, NOW);
    expect(shown.map((s) => s.report_url)).toEqual(['/api/v1/reports/fresh', null, null]);
    expect(shown[1]).toMatchObject({ status: 'completed', score: 80 });
    expect(list[1]!.report_url).toBe('/api/v1/reports/old'); // the cached original is never changed
  });
  it('returns the very same array when nothing expired (cached answers stay shared)', () => {
    const list = [scan('fresh', 1), scan('swept', 30, false)];
    expect(hideExpiredLinks(list, 24 * HOUR, NOW)).toBe(list);
  });
});
