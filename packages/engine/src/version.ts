// Engine version written into every report (kept in step with packages/engine/package.json).
export const ENGINE_VERSION = '0.1.0';
