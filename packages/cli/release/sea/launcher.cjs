// Entry point of the single executable (Node SEA). The CLI bundle and the native addons it loads (ast-grep,
// tree-sitter grammars) are embedded as assets; native code can only be loaded from a file, so at first run they
// are extracted to a per-version cache folder, and on EVERY run each file is checked against the SHA-256 recorded
// at build time before anything is loaded, so a file changed in the cache is rewritten instead of executed.
// Safety of the folder: created 0700, must be a real folder (not a symlink) owned by this user and not writable
// by others; files are written to a temp name with O_EXCL and renamed into place.
/* eslint-disable @typescript-eslint/no-require-imports -- Node's SEA main script must be CommonJS. */
'use strict';
const sea = require('node:sea');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');

function fail(message) {
  process.stderr.write(`duescan: ${message}\n`);
  process.exit(3);
}

function cacheRoot() {
  const xdg = process.env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'duescan');
}

/** Creates `dir` 0700 if needed and refuses one that another user could have prepared or can write to. */
function privateDir(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const info = fs.lstatSync(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : info.uid;
  if (!info.isDirectory() || info.uid !== uid || (info.mode & 0o022) !== 0) {
    fail(`refusing to use ${dir}: it must be a folder owned by you and writable only by you (remove it to start afresh)`);
  }
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

function extract(manifest) {
  const root = path.join(cacheRoot(), `sea-${manifest.version}-${manifest.id}`);
  privateDir(path.dirname(root));
  privateDir(root);
  for (const file of manifest.files) {
    const target = path.join(root, file.path);
    if (!target.startsWith(root + path.sep)) fail(`bad path in the embedded manifest: ${file.path}`);
    let current = null;
    try {
      if (fs.lstatSync(target).isFile()) current = fs.readFileSync(target);
    } catch {
      // not extracted yet
    }
    if (current && sha256(current) === file.sha256) continue;
    const bytes = Buffer.from(sea.getRawAsset(file.path));
    if (sha256(bytes) !== file.sha256) fail(`embedded file ${file.path} does not match its checksum; the executable is damaged`);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(temp, bytes, { mode: 0o700, flag: 'wx' });
    fs.rmSync(target, { force: true, recursive: true });
    fs.renameSync(temp, target);
    if (sha256(fs.readFileSync(target)) !== file.sha256) fail(`could not write ${target} intact`);
  }
  return root;
}

const manifest = JSON.parse(sea.getAsset('sea-manifest.json', 'utf8'));
const root = extract(manifest);
// The bundle is an ES module without top-level await: Node >= 20.19 loads it with require().
createRequire(path.join(root, 'package.json'))(path.join(root, manifest.entry));
