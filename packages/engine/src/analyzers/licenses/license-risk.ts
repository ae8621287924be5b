// License risk for a commercial (usually SaaS) startup. SPDX expressions are parsed with spdx-expression-parse:
// for `A OR B` the company may pick the least risky option, for `A AND B` it must honour the riskiest.
// Free-text licenses (old package.json, Python METADATA) are mapped to SPDX ids first, then by keywords.
import parseSpdx from 'spdx-expression-parse';
import type { LicenseEntry } from '../../types';

export type LicenseRisk = LicenseEntry['risk'];

/** Higher is riskier. Unknown ranks above weak copyleft: nobody can tell what it allows until it is read. */
export const RISK_RANK: Record<LicenseRisk, number> = {
  none: 0,
  'weak-copyleft': 1,
  unknown: 2,
  'strong-copyleft': 3,
  'network-copyleft': 4,
  'non-commercial': 5,
};

const NETWORK = /^(?:AGPL|SSPL|OSL|RPL)-/i;
const NON_COMMERCIAL = /^(?:CC-BY-NC|PolyForm-(?:Noncommercial|Strict|Shield|Internal-Use)|BUSL|Elastic-2\.0|LicenseRef-.*Commons-?Clause)/i;
const STRONG = /^(?:GPL|EUPL|CC-BY-SA|CECILL-2|CECILL-1|Sleepycat|QPL|APSL-1\.[0-2]|ODbL)/i;
const WEAK = /^(?:LGPL|MPL|EPL|CDDL|CPL|MS-RL|CECILL-C|ErlPL|IPL|SPL|Artistic-1)/i;
const PERMISSIVE =
  /^(?:MIT|ISC|BSD|0BSD|Apache|Unlicense|CC0|Zlib|PSF|Python-2|BlueOak|CC-BY-[1-4]|WTFPL|BSL-1\.0|Artistic-2|X11|PostgreSQL|OpenSSL|NCSA|Unicode|W3C|curl|Ruby|AFL|ECL-2|UPL|HPND|ICU|Libpng|FSFAP|MirOS|Beerware|Info-ZIP|MS-PL|BSD-Source-Code|Python-2\.0|PHP-3|Vim|NTP|Public-Domain)/i;

/** Risk of one SPDX license id (with optional exception). */
export function riskOfId(id: string, exception?: string): LicenseRisk {
  if (NETWORK.test(id)) return 'network-copyleft';
  if (NON_COMMERCIAL.test(id)) return 'non-commercial';
  // GPL with a linking exception (Classpath, GCC runtime, LLVM...) behaves like weak copyleft for users.
  if (STRONG.test(id)) return exception ? 'weak-copyleft' : 'strong-copyleft';
  if (WEAK.test(id)) return 'weak-copyleft';
  if (PERMISSIVE.test(id)) return 'none';
  return 'unknown';
}

type Node = parseSpdx.Info;

function riskOfNode(node: Node): { risk: LicenseRisk; chosen: string } {
  if ('license' in node) {
    const id = node.license + (node.plus ? '+' : '') + (node.exception ? ` WITH ${node.exception}` : '');
    return { risk: riskOfId(node.license, node.exception), chosen: id };
  }
  const left = riskOfNode(node.left);
  const right = riskOfNode(node.right);
  if (node.conjunction === 'or') return RISK_RANK[left.risk] <= RISK_RANK[right.risk] ? left : right;
  const risk = RISK_RANK[left.risk] >= RISK_RANK[right.risk] ? left.risk : right.risk;
  return { risk, chosen: `${left.chosen} AND ${right.chosen}` };
}

// Common non-SPDX spellings seen in package.json, setup.py and trove classifiers.
const ALIASES: [RegExp, string][] = [
  [/^(?:the )?mit(?: license)?$|^expat$/i, 'MIT'],
  [/^apache(?: software license)?(?: ?,? ?(?:version |v)?2(?:\.0)?)?(?: license)?$|^asl ?2(?:\.0)?$/i, 'Apache-2.0'],
  [/^(?:new |modified |revised |3-clause )?bsd(?: license)?$|^bsd-?3$/i, 'BSD-3-Clause'],
  [/^(?:simplified |2-clause )bsd(?: license)?$|^bsd-?2$/i, 'BSD-2-Clause'],
  [/^isc(?: license)?(?: \(iscl\))?$/i, 'ISC'],
  [/^python software foundation(?: license)?$|^psf$/i, 'PSF-2.0'],
  [/^(?:the )?unlicense(?: \(unlicense\))?$/i, 'Unlicense'],
  [/^public domain$/i, 'Public-Domain'],
  [/^mozilla public license 2\.0(?: \(mpl 2\.0\))?$|^mpl ?2(?:\.0)?$/i, 'MPL-2.0'],
  [/^(?:gnu affero general public license v3|agplv3\+?)(?: or later)?(?: \(agplv3\+?\))?$/i, 'AGPL-3.0-only'],
  [/^(?:gnu lesser general public license v3|lgplv3\+?)(?: or later)?(?: \(lgplv3\+?\))?$/i, 'LGPL-3.0-only'],
  [/^(?:gnu lesser general public license v2|lgplv2\+?)(?: or later)?(?: \(lgplv2\+?\))?$/i, 'LGPL-2.1-only'],
  [/^gnu library or lesser general public license(?: \(lgpl\))?$|^lgpl$/i, 'LGPL-2.1-or-later'],
  [/^(?:gnu general public license v3|gplv3\+?)(?: or later)?(?: \(gplv3\+?\))?$/i, 'GPL-3.0-only'],
  [/^(?:gnu general public license v2|gplv2\+?)(?: or later)?(?: \(gplv2\+?\))?$/i, 'GPL-2.0-only'],
  [/^gnu general public license(?: \(gpl\))?$|^gpl$/i, 'GPL-2.0-or-later'],
  [/^eclipse public license 2\.0(?: \(epl-2\.0\))?$/i, 'EPL-2.0'],
];

/** Keyword fallback for text no parser or alias understands. */
function riskOfText(text: string): LicenseRisk {
  const t = text.toLowerCase();
  if (/affero|\bagpl|\bsspl|server side public/.test(t)) return 'network-copyleft';
  if (/non-?commercial|business source|\bbusl\b|commons clause|elastic license/.test(t)) return 'non-commercial';
  if (/lesser|\blgpl|library general|mozilla|\bmpl\b|eclipse|\bepl\b|\bcddl\b/.test(t)) return 'weak-copyleft';
  if (/\bgpl|general public license/.test(t)) return 'strong-copyleft';
  if (/\bmit\b|\bbsd\b|apache|\bisc\b|unlicense|public domain|\bcc0\b|zlib|python software/.test(t)) return 'none';
  return 'unknown';
}

export interface ClassifiedLicense {
  /** SPDX expression when we could derive one, else the declared text (trimmed). */
  license: string;
  risk: LicenseRisk;
}

/** Classify a declared license string (SPDX expression or free text). Empty/absent is unknown. */
export function classifyLicense(declared: string | null | undefined): ClassifiedLicense {
  const raw = (declared ?? '').trim().slice(0, 200);
  if (!raw || /^(?:UNKNOWN|NOASSERTION|NONE)$/i.test(raw)) return { license: 'UNKNOWN', risk: 'unknown' };
  // "UNLICENSED" in package.json means proprietary: usable only under a separate agreement.
  if (/^UNLICENSED$/i.test(raw)) return { license: 'UNLICENSED', risk: 'unknown' };
  if (/^SEE LICEN[CS]E IN /i.test(raw)) return { license: raw, risk: 'unknown' };
  const alias = ALIASES.find(([re]) => re.test(raw.replace(/\s+/g, ' ')));
  const candidate = alias ? alias[1] : raw.replace(/^\((.*)\)$/, '$1');
  if (candidate === 'Public-Domain') return { license: candidate, risk: 'none' };
  try {
    const parsed = parseSpdx(candidate);
    return { license: candidate, risk: riskOfNode(parsed).risk };
  } catch {
    // free-text alternatives ('MIT or GPL version 2', 'BSD / GPL'): the user picks the least risky one, as with OR
    // ('GPL v3 or later' is one license, not two)
    const options = raw.split(/\s+or\s+(?!(?:any\s+)?(?:later|newer)\b)|\s*\/\s*/i).filter(Boolean);
    if (options.length > 1) {
      const risks = options.map((o) => classifyLicense(o).risk);
      return { license: raw, risk: risks.reduce((a, b) => (RISK_RANK[a] <= RISK_RANK[b] ? a : b)) };
    }
    return { license: raw, risk: riskOfText(raw) };
  }
}
