// Accepted by the project owner: every finding a baseline, inline comment or ignore file took off the open list.
import { BRAND, SEVERITY_COLOR, SEVERITY_LABEL } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { MECHANISM_LABEL, acceptanceReason, acceptedIntro } from '../../model/accepted';
import { locationOf, shortTitle } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawAccepted(w: PdfWriter, m: ReportModel): void {
  w.para(acceptedIntro(m), { size: 9.5 });
  w.y += 4;
  w.table(
    [
      { header: 'Severity', width: 52 },
      { header: 'Finding', width: w.width - 52 - 80 - 150 },
      { header: 'How accepted', width: 80 },
      { header: "Owner's reason", width: 150 },
    ],
    m.accepted.map((f) => [
      { text: SEVERITY_LABEL[f.severity], color: SEVERITY_COLOR[f.severity], font: 'bold' as const },
      `${shortTitle(f.title)}\n${locationOf(f)}  ·  ${f.id}`,
      MECHANISM_LABEL[f.acceptance.mechanism],
      { text: acceptanceReason(f), color: f.acceptance.reason ? BRAND.ink : BRAND.muted },
    ]),
    { size: 8 },
  );
}
