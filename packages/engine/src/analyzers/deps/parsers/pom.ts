// Maven pom.xml: declared dependencies (all direct; transitive ones need a resolver we do not run), with
// basic ${property} substitution from <properties>, project/parent versions and <dependencyManagement>.
import { XMLParser } from 'fast-xml-parser';
import { BrokenLockfileError, isRecord, type LockEntry, type ParsedLockfile } from './types';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'dependency',
});

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

function propertiesOf(project: Record<string, unknown>): Map<string, string> {
  const props = new Map<string, string>();
  const parent = isRecord(project.parent) ? project.parent : {};
  for (const [key, value] of [
    ['project.version', project.version ?? parent.version],
    ['project.groupId', project.groupId ?? parent.groupId],
    ['project.parent.version', parent.version],
    ['version', project.version ?? parent.version],
  ] as const) {
    const v = text(value);
    if (v) props.set(key, v);
  }
  if (isRecord(project.properties)) {
    for (const [key, value] of Object.entries(project.properties)) {
      const v = text(value);
      if (v !== undefined) props.set(key, v);
    }
  }
  return props;
}

function substitute(value: string, props: Map<string, string>): string {
  let out = value;
  for (let i = 0; i < 5 && out.includes('${'); i++) out = out.replace(/\$\{([^}]+)\}/g, (m, key: string) => props.get(key) ?? m);
  return out;
}

function dependencyList(section: unknown): Record<string, unknown>[] {
  return isRecord(section) && Array.isArray(section.dependency) ? section.dependency.filter(isRecord) : [];
}

export function parsePom(xml: string): ParsedLockfile {
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (e) {
    throw new BrokenLockfileError(`invalid XML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!isRecord(doc) || !isRecord(doc.project)) throw new BrokenLockfileError('no <project> element');
  const project = doc.project;
  const props = propertiesOf(project);
  const managed = new Map<string, string>();
  const management = isRecord(project.dependencyManagement) ? project.dependencyManagement.dependencies : undefined;
  for (const dep of dependencyList(management)) {
    const version = text(dep.version);
    if (version) managed.set(`${substitute(text(dep.groupId) ?? '', props)}:${text(dep.artifactId)}`, substitute(version, props));
  }
  const entries: LockEntry[] = [];
  const unpinned: string[] = [];
  for (const dep of dependencyList(project.dependencies)) {
    const groupId = substitute(text(dep.groupId) ?? '', props);
    const artifactId = substitute(text(dep.artifactId) ?? '', props);
    if (!groupId || !artifactId) continue;
    const name = `${groupId}:${artifactId}`;
    const declared = text(dep.version);
    const version = declared ? substitute(declared, props) : managed.get(name);
    // Unresolved properties, version ranges ("[1.0,2.0)") and parent-managed versions cannot be matched.
    if (!version || version.includes('${') || /[[\](),]/.test(version)) {
      unpinned.push(name);
      continue;
    }
    // Maven has no lockfile: the pom declares direct dependencies; what they pull in is not resolved here.
    entries.push({ ecosystem: 'Maven', name, version, direct: true, dev: text(dep.scope) === 'test', declaredOnly: true });
  }
  return { entries, unpinned };
}
