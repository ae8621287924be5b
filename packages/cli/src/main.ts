// Entry point of the `duescan` binary (bundled into dist/duescan.mjs by `npm run build`).
import { runCli } from './program';

runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
