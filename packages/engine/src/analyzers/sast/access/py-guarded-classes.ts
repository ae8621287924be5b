// Python classes that authenticate whatever uses them, found project-wide: a controller base class with a
// `user = Depends(get_current_user)` attribute, or an APIRouter subclass built with
// `dependencies=[Depends(get_admin_user)]`. Subclasses of a guarded class are guarded too.
import { isAuthGuard } from './vocabulary';

const CLASS_HEAD = /^class\s+(\w+)\s*(?:\(([^)]*)\))?\s*:/gm;
const AUTH_DEPENDENCY = /(?:Depends|Security)\(\s*([\w.]+)/g;

export function guardedClasses(texts: string[]): Map<string, string> {
  const guarded = new Map<string, string>();
  const bases = new Map<string, string[]>();
  for (const text of texts) {
    const heads = [...text.matchAll(CLASS_HEAD)];
    heads.forEach((m, i) => {
      const body = text.slice(m.index! + m[0].length, heads[i + 1]?.index ?? text.length);
      bases.set(m[1]!, (m[2] ?? '').split(',').map((b) => b.trim().split('[')[0]!.split('.').pop()!).filter(Boolean));
      const dep = [...body.matchAll(AUTH_DEPENDENCY)].map((d) => d[1]!).find(isAuthGuard);
      if (dep) guarded.set(m[1]!, `${m[1]} (Depends(${dep}))`);
    });
  }
  // Inheritance: a few passes reach any realistic depth.
  for (let pass = 0; pass < 4; pass++) {
    for (const [name, parents] of bases) {
      const from = parents.find((p) => guarded.has(p));
      if (from && !guarded.has(name)) guarded.set(name, `${name} (via ${guarded.get(from)})`);
    }
  }
  return guarded;
}
