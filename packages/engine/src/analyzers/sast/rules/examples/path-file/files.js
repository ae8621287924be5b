const fs = require('fs');

function share(path) {
  // ruleid: js.path.world-writable-permissions
  fs.chmodSync(path, 0o777);
  // ruleid: js.path.world-writable-permissions
  fs.chmod(path, '666', () => {});
  // ok: js.path.world-writable-permissions
  fs.chmodSync(path, 0o644);
  // ok: js.path.world-writable-permissions
  fs.chmodSync(path, 0o700);
}

module.exports = { share };
