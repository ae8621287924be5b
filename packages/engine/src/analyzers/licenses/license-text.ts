// Identify a LICENSE/COPYING file by fingerprints: phrases every copy of a license text contains and that no
// other common license shares. The GNU texts mention each other (GPL-3.0 points to the LGPL and the AGPL), so
// their titles are matched in the head of the file only.
const GNU_TITLES: { id: string; title: RegExp }[] = [
  { id: 'AGPL-3.0-only', title: /gnu affero general public license version 3/ },
  { id: 'LGPL-3.0-only', title: /gnu lesser general public license version 3/ },
  { id: 'LGPL-2.1-only', title: /gnu lesser general public license version 2\.1/ },
  { id: 'LGPL-2.0-only', title: /gnu library general public license version 2/ },
  { id: 'GPL-3.0-only', title: /gnu general public license version 3/ },
  { id: 'GPL-2.0-only', title: /gnu general public license version 2/ },
];

const FINGERPRINTS: { id: string; all: RegExp[]; none?: RegExp[] }[] = [
  { id: 'SSPL-1.0', all: [/server side public license/] },
  { id: 'MPL-2.0', all: [/mozilla public license,? version 2\.0/] },
  { id: 'EPL-2.0', all: [/eclipse public license - v 2\.0/] },
  { id: 'EPL-1.0', all: [/eclipse public license - v 1\.0/] },
  { id: 'BUSL-1.1', all: [/business source license 1\.1/] },
  { id: 'Elastic-2.0', all: [/elastic license 2\.0/] },
  { id: 'PolyForm-Noncommercial-1.0.0', all: [/polyform noncommercial license 1\.0\.0/] },
  { id: 'CC-BY-NC-4.0', all: [/attribution-noncommercial 4\.0 international/] },
  { id: 'Apache-2.0', all: [/apache license/, /version 2\.0/] },
  { id: 'MIT', all: [/permission is hereby granted, free of charge/, /the above copyright notice and this permission notice shall be included/] },
  {
    id: 'ISC',
    all: [
      /permission to use, copy, modify, and\/?or distribute this software for any purpose with or without fee/,
      /copyright notice and this permission notice appear in all copies/,
    ],
  },
  {
    id: 'BSD-3-Clause',
    all: [/redistribution and use in source and binary forms/, /neither the name of/],
  },
  { id: 'BSD-2-Clause', all: [/redistribution and use in source and binary forms/], none: [/neither the name of/] },
  { id: 'Unlicense', all: [/this is free and unencumbered software released into the public domain/] },
  { id: 'CC0-1.0', all: [/cc0 1\.0 universal/] },
  {
    id: '0BSD',
    all: [/permission to use, copy, modify, and\/?or distribute this software for any purpose with or without fee/],
    none: [/copyright notice and this permission notice appear in all copies/],
  },
];

/** SPDX id of a license text, or null when it is not one of the common licenses. */
export function identifyLicenseText(text: string): string | null {
  const t = text.slice(0, 64 * 1024).toLowerCase().replace(/\s+/g, ' ');
  const head = t.slice(0, 600);
  const gnu = GNU_TITLES.find((g) => g.title.test(head));
  if (gnu) return gnu.id;
  for (const f of FINGERPRINTS) {
    if (f.all.every((re) => re.test(t)) && !f.none?.some((re) => re.test(t))) return f.id;
  }
  return null;
}
