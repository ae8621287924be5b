// The links of an archive, resolved the way the file system will resolve them once extracted: a link's text can
// stay inside (`sub/a -> b/..`) while the path it names does not (when `sub/b -> ..`). So each link is followed
// component by component through the other links (like realpath), after the listing, whatever their order.
import path from 'node:path';
import { FetchErrors } from './fetch-error';

/** The kernel's own limit on links followed in one lookup (MAXSYMLINKS). */
const MAX_HOPS = 40;

export function createLinkTable() {
  /** Entry path (normalised, no trailing slash) -> its target as written in the archive. */
  const links = new Map<string, { target: string; hard: boolean }>();
  const entries: string[] = [];

  /** Follows `rest` from the folder `start` (both relative to the root); throws when it leaves the root. */
  function walk(owner: string, start: string[], rest: string[]): void {
    const stack = [...start];
    const queue = [...rest];
    let hops = 0;
    while (queue.length > 0) {
      const part = queue.shift()!;
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (stack.length === 0) throw FetchErrors.archiveRejected(`link "${clip(owner)}" points outside the extraction folder`);
        stack.pop();
        continue;
      }
      stack.push(part);
      const link = links.get(stack.join('/'));
      if (!link || link.hard) continue;
      if (++hops > MAX_HOPS) throw FetchErrors.archiveRejected(`link "${clip(owner)}" is part of a link loop`);
      stack.pop();
      if (link.target.startsWith('/')) throw FetchErrors.archiveRejected(`link "${clip(owner)}" points outside the extraction folder`);
      queue.unshift(...link.target.split('/'));
    }
  }

  return {
    /** Every listed entry (links included), for the written-through-a-link check. */
    entry(rel: string): void {
      entries.push(rel.replace(/\/$/, ''));
    },
    /** Hard link targets are archive paths (from the root); symlink targets are relative to the link's folder. */
    link(rel: string, target: string, hard: boolean): void {
      links.set(rel.replace(/\/$/, ''), { target: target.replace(/\\/g, '/'), hard });
    },
    isUnderLink(rel: string): boolean {
      const parts = rel.replace(/\/$/, '').split('/');
      for (let i = 1; i < parts.length; i++) if (links.has(parts.slice(0, i).join('/'))) return true;
      return false;
    },
    /** After the whole listing: no link resolves outside, none loops, nothing is written through a link. */
    check(): void {
      for (const rel of entries) {
        if (this.isUnderLink(rel)) throw FetchErrors.archiveRejected(`entry "${clip(rel)}" is written through a link`);
      }
      for (const [rel, { target, hard }] of links) {
        const from = hard ? [] : path.posix.dirname(rel).split('/').filter((p) => p !== '.');
        walk(rel, from, target.split('/'));
      }
    },
  };
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
