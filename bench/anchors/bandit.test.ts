import { describe, expect, it } from 'vitest';
import { entryPointsTxt } from './bandit';

describe('entryPointsTxt', () => {
  it("turns setup.cfg's [entry_points] into entry_points.txt groups, dropping comments and other sections", () => {
    const cfg = [
      '[metadata]',
      'name = bandit',
      '[entry_points]',
      'console_scripts =',
      '    bandit = bandit.cli.main:main',
      'bandit.plugins =',
      '    # bandit/plugins/app_debug.py',
      '    flask_debug_true = bandit.plugins.app_debug:flask_debug_true',
      '[build_sphinx]',
      'all_files = 1',
    ].join('\n');
    expect(entryPointsTxt(cfg)).toBe(
      '[console_scripts]\nbandit = bandit.cli.main:main\n\n[bandit.plugins]\nflask_debug_true = bandit.plugins.app_debug:flask_debug_true\n',
    );
  });
});
