// Package names are compared in their canonical form: PyPI per PEP 503, npm and Maven as published.
import type { Ecosystem } from './types';

export function normalizePackageName(ecosystem: Ecosystem, name: string): string {
  const trimmed = name.trim();
  if (ecosystem === 'PyPI') return trimmed.toLowerCase().replace(/[-_.]+/g, '-');
  return trimmed;
}

export function isSupportedEcosystem(value: unknown): value is Ecosystem {
  return value === 'npm' || value === 'PyPI' || value === 'Maven';
}
