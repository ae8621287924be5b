import type { PackageType } from '@duescan/contracts';

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

const PACKAGE_LABEL: Record<PackageType, string> = { quick: 'Quick', pro: 'Pro', enterprise: 'Enterprise', ultra: 'Ultra' };

export function packageLabel(type: PackageType): string {
  return PACKAGE_LABEL[type];
}
