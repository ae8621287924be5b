// Advisory database: import from OSV, load for scans, match versions. The CLI calls the first three.
export { importAdvisories, OSV_DUMP_URLS, type ImportAdvisoriesOptions, type ImportAdvisoriesResult } from './import-advisories';
export { loadAdvisoryDb } from './load-advisory-db';
export { defaultAdvisoryDbDir } from './default-dir';
export { isAffected, fixedVersionFor } from './affected';
export { advisorySeverity, severityFromScore } from './cvss/severity';
export { cvss3BaseScore } from './cvss/cvss3';
export { cvss4BaseScore } from './cvss/cvss4';
export { normalizePackageName } from './package-name';
export type { AdvisoryDb, AdvisoryMeta, CompactAdvisory, Ecosystem } from './types';
