// Signed, expiring download links: HMAC-SHA256 over "<scan id>.<format>.<expiry>" with a key derived from the
// server secret. The link itself is the permission (it opens in a new tab, without the bearer header).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type ReportFormat = 'pdf' | 'json';

export function createReportLinks(serverSecret: string, ttlMs: number, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'duescan', 'duescan/report-links', 32));
  const sign = (id: string, format: ReportFormat, expires: number) =>
    createHmac('sha256', key).update(`${id}.${format}.${expires}`).digest('base64url');
  return {
    url(id: string, format: ReportFormat): string {
      const expires = Math.floor((now() + ttlMs) / 1000);
      return `/api/v1/reports/${id}/download?format=${format}&expires=${expires}&sig=${sign(id, format, expires)}`;
    },
    verify(id: string, format: ReportFormat, expires: number, sig: string): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < now()) return false;
      const expected = Buffer.from(sign(id, format, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ReportLinks = ReturnType<typeof createReportLinks>;
