// The CLI's version, in a module of its own: `duescan --version` prints it without loading the command tree.
export const VERSION = '0.1.0';
