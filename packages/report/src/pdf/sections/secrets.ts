// Secrets: what leaked, where, the redacted value, and how to rotate it.
import { BRAND, SEVERITY_COLOR, SEVERITY_LABEL } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { rotationAdvice } from '../../model/text';
import { locationOf, redactedValue, secretKind, secretType } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawSecrets(w: PdfWriter, m: ReportModel): void {
  const s = m.secrets;
  if (s.length === 0) {
    w.para('No hard-coded credentials were found in the files analysed.', { size: 9.5 });
    return;
  }
  w.para(
    `${s.length} credential${s.length === 1 ? ' is' : 's are'} stored in the code. Anyone with read access to the repository (employees, contractors, CI systems, a future acquirer) can use ${s.length === 1 ? 'it' : 'them'}. ` +
      'Deleting the line is not enough: the value stays in git history, so every credential must be rotated. Values below are redacted.',
    { size: 9.5 },
  );
  w.table(
    [
      { header: 'Type', width: 120 },
      { header: 'Location', width: w.width - 120 - 85 - 50 - 84, font: 'mono' },
      { header: 'Redacted value', width: 85, font: 'mono' },
      { header: 'Severity', width: 50 },
      { header: 'Finding', width: 84, font: 'mono' },
    ],
    s.map((f) => [secretType(f), locationOf(f), redactedValue(f), { text: SEVERITY_LABEL[f.severity], color: SEVERITY_COLOR[f.severity], font: 'bold' }, f.id]),
    { size: 7.5 },
  );
  w.h2('Rotation advice');
  const advice = new Map<string, string>();
  for (const f of s) advice.set(secretType(f), rotationAdvice(secretKind(f)));
  w.table(
    [
      { header: 'Type', width: 130 },
      { header: 'What to do', width: w.width - 130 },
    ],
    [...advice].map(([t, a]) => [t, a]),
    { size: 8 },
  );
  w.para('Then store the new values in a secrets manager or in environment variables, and add a pre-commit secret scan so it does not happen again.', { size: 8.5, color: BRAND.muted });
}
