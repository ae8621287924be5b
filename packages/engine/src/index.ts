// Public API of @duescan/engine.
export * from './types';
export { scan } from './scan';
export { ScanError, type ScanErrorCode } from './errors';
export { TIERS, PACKS_PER_TIER, tierPlan } from './tiers';
export { PACK_ORDER, type PackId } from './analyzers/sast/rule-types';
export { ANALYZERS } from './analyzers';
export { fingerprint, normalizeKey } from './fingerprint';
export { redactSecrets } from './analyzers/secrets/redact-text';
export { CATEGORY_ANALYZER, markNotAssessed, notAssessedCategories } from './assessed';
export { computeScore, riskOf, findingWeight, SEVERITY_WEIGHT, CONFIDENCE_FACTOR, CATEGORY_WEIGHT, SCALE } from './score';
export { readBaseline, writeBaseline, baselineFromReport } from './suppress/baseline';
export { parseSuppression } from './suppress/inline';
export { toSarif } from './export/sarif';
export { toCycloneDx, CYCLONEDX_SPEC_VERSION } from './export/cyclonedx';
export { collect, DEFAULT_MAX_FILE_BYTES, type CollectResult, type CollectedFile } from './collect';
export { countLines, type LineCounts } from './collect/loc';
export { configureWorker } from './pool/worker-entry';
export { duescanWorker } from './pool/worker';
export { ENGINE_VERSION } from './version';
export {
  importAdvisories,
  loadAdvisoryDb,
  defaultAdvisoryDbDir,
  OSV_DUMP_URLS,
  type ImportAdvisoriesOptions,
  type ImportAdvisoriesResult,
  type AdvisoryDb,
  type AdvisoryMeta,
} from './advisories';
