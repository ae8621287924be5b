import { CheckCircle2, Clock, Loader2, XCircle, type LucideIcon } from 'lucide-react';
import type { TScanStatus } from '@duescan/contracts';

// One distinct icon and colour per scan status (spec section 4: pending has the default look).
const STATUS: Record<TScanStatus, { icon: LucideIcon; label: string; style: string; spin?: boolean }> = {
  pending: { icon: Clock, label: 'Pending', style: 'bg-slate-100 text-slate-700' },
  processing: { icon: Loader2, label: 'Processing', style: 'bg-blue-50 text-blue-700', spin: true },
  completed: { icon: CheckCircle2, label: 'Completed', style: 'bg-emerald-50 text-emerald-700' },
  failed: { icon: XCircle, label: 'Failed', style: 'bg-red-50 text-red-700' },
};

export function ScanStatusBadge({ status }: { status: TScanStatus }) {
  const { icon: Icon, label, style, spin } = STATUS[status];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${style}`}>
      <Icon data-testid={`status-icon-${status}`} className={`h-3.5 w-3.5 ${spin ? 'animate-spin' : ''}`} aria-hidden />
      {label}
    </span>
  );
}
