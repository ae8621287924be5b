// Turns the user's project_url into a source the worker may fetch: an https/ssh git URL (file:// only when the
// operator allows it) or a folder inside an operator allow-listed root. Everything else is refused here, before
// any credit is spent (as FetchError 'source-refused' / 'target-refused'): option injection (`-...`, `--upload-pack`), transport helpers (`ext::`), whitespace and
// control characters, credentials in the URL and paths outside the roots.
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { FetchErrors } from './fetch-error';
import { resolvePinnedAddress } from './network-targets';

/** A syntactically checked git URL; `host` is null for file:// URLs. */
export interface GitUrl {
  kind: 'url';
  url: string;
  host: string | null;
  protocol: 'https' | 'ssh' | 'file';
  name: string;
}

export type ProjectSource =
  /** `address`: the checked address the clone must connect to (null when nothing is resolved: file://, IP literals). */
  | (GitUrl & { address: string | null })
  | { kind: 'path'; path: string; name: string };

export interface SourcePolicy {
  allowFileUrls: boolean;
  allowPrivateTargets: boolean;
  pathRoots: string[];
}

const SCP_LIKE = /^([A-Za-z0-9._-]+)@([A-Za-z0-9.-]+):([A-Za-z0-9._~/-]+)$/;
// ssh:// is not a special URL scheme, so `URL` keeps almost any host characters (`;`, `$`, backticks); the host
// ends up in ssh options, so only DNS names and bracketed IPv6 literals pass.
const SSH_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])$/;
const BAD_URL =
  'Project URL must be a git URL (https://host/org/repo or git@host:org/repo) or a server path allowed by the operator';

export function projectNameFrom(location: string): string {
  const last = location.replace(/[/\\]+$/, '').split(/[/\\:]/).pop() ?? '';
  const name = last.replace(/\.git$/i, '').trim();
  return (name || 'project').slice(0, 200);
}

/** Syntax only: no DNS, no file system. */
export function parseGitUrl(raw: string, allowFileUrls: boolean): GitUrl {
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(raw) || raw.startsWith('-') || /^[A-Za-z][A-Za-z0-9+.-]*::/.test(raw) || /--upload-pack|--config|-c\s/i.test(raw)) {
    throw FetchErrors.sourceRefused(BAD_URL);
  }
  const scp = SCP_LIKE.exec(raw);
  if (scp) {
    const [, , host, repoPath] = scp;
    if (host!.startsWith('-') || repoPath!.startsWith('-')) throw FetchErrors.sourceRefused(BAD_URL);
    return { kind: 'url', url: raw, host: host!, protocol: 'ssh', name: projectNameFrom(repoPath!) };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw FetchErrors.sourceRefused(BAD_URL);
  }
  if (url.username || url.password) {
    if (url.protocol !== 'ssh:' || url.password) {
      throw FetchErrors.sourceRefused('Remove the credentials from the project URL: DueScan only fetches public repositories');
    }
  }
  if (url.protocol === 'file:') {
    if (!allowFileUrls) throw FetchErrors.sourceRefused('file:// URLs are disabled on this server');
    if (url.host) throw FetchErrors.sourceRefused(BAD_URL);
    return { kind: 'url', url: url.href, host: null, protocol: 'file', name: projectNameFrom(decodeURIComponent(url.pathname)) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'ssh:') throw FetchErrors.sourceRefused(BAD_URL);
  if (!url.hostname || url.hostname.startsWith('-') || url.pathname.length <= 1) throw FetchErrors.sourceRefused(BAD_URL);
  if (url.protocol === 'ssh:' && !SSH_HOST.test(url.hostname)) throw FetchErrors.sourceRefused(BAD_URL);
  return {
    kind: 'url',
    url: url.href,
    host: url.hostname,
    protocol: url.protocol === 'https:' ? 'https' : 'ssh',
    name: projectNameFrom(url.pathname),
  };
}

/** Checks the network target (DNS) or the allow-listed folder. Called at creation and again by the worker. */
export async function resolveProjectSource(raw: string, policy: SourcePolicy): Promise<ProjectSource> {
  if (path.isAbsolute(raw) && !raw.startsWith('//')) return resolveServerPath(raw, policy.pathRoots);
  const source = parseGitUrl(raw, policy.allowFileUrls);
  if (!source.host) return { ...source, address: null };
  return { ...source, address: await resolvePinnedAddress(source.host, policy.allowPrivateTargets) };
}

async function resolveServerPath(raw: string, roots: string[]): Promise<ProjectSource> {
  if (roots.length === 0) {
    throw FetchErrors.sourceRefused('Scanning server paths is disabled on this server. Use a git URL or upload an archive.');
  }
  const outside = FetchErrors.sourceRefused('That path is not inside a folder this server allows scanning');
  let real: string;
  try {
    real = await realpath(raw);
    if (!(await stat(real)).isDirectory()) throw outside;
  } catch {
    throw outside;
  }
  for (const root of roots) {
    const realRoot = await realpath(root).catch(() => null);
    if (realRoot && (real === realRoot || real.startsWith(realRoot + path.sep))) {
      return { kind: 'path', path: real, name: projectNameFrom(real) };
    }
  }
  throw outside;
}
