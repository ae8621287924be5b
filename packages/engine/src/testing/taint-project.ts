// A throwaway project on disk, scanned by the taint pass alone (cross-file, every pack): what model tests compare.
import { runTaint } from '../analyzers/sast/taint/index';
import { PACK_ORDER } from '../analyzers/sast/rule-types';
import type { Finding } from '../types';
import { makeTestContext } from './make-context';
import { tempProject } from './temp-project';

/** Writes `files` to a temporary project, runs taint on it and removes the project. */
export function taintFindings(files: Record<string, string>): Finding[] {
  const { root, cleanup } = tempProject(files);
  try {
    return runTaint(makeTestContext(root), { packs: new Set(PACK_ORDER), crossFile: true });
  } finally {
    cleanup();
  }
}
