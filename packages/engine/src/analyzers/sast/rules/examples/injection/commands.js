const { exec, execFile, spawn } = require('child_process');

function run(name, code, cb) {
  // ruleid: js.injection.shell-dynamic-command
  exec('git log ' + name, cb);
  // ruleid: js.injection.shell-dynamic-command
  exec(`ls ${name}`, cb);
  // ruleid: js.injection.shell-dynamic-command
  spawn(`grep ${name} file.txt`, { shell: true });
  // ok: js.injection.shell-dynamic-command
  execFile('git', ['log', name], cb);
  // ok: js.injection.shell-dynamic-command
  exec('git status', cb);
  // ok: js.injection.shell-dynamic-command
  spawn('grep', [name, 'file.txt']);

  // ruleid: js.injection.eval-dynamic
  const value = eval(code);
  // ruleid: js.injection.eval-dynamic
  const fn = new Function('a', code);
  // ruleid: js.injection.eval-dynamic
  setTimeout('update(' + name + ')', 100);
  // ok: js.injection.eval-dynamic
  const fixed = eval('1 + 1');
  // ok: js.injection.eval-dynamic
  setTimeout(() => cb(name), 100);
  // ok: js.injection.eval-dynamic
  const parsed = JSON.parse(code);
  return [value, fn, fixed, parsed];
}

module.exports = { run };
