import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { sastAnalyzer } from './index';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function corsFindings(files: Record<string, string>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'cors-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const result = await sastAnalyzer.run(makeTestContext(dir, 'ultra'));
  return result.findings.filter((f) => f.ruleId === 'py.misconfig.cors-credentials-any-origin').map((f) => `${f.location.file}:${f.location.startLine}`);
}

const VIEW = "from flask_cors import cross_origin\n\n@app.route('/auth/login')\n@cross_origin(supports_credentials=True)\ndef login():\n    return 'ok'\n";

describe('Flask-CORS origins left to configuration', () => {
  it('reports credentials with the default origins when nothing configures CORS_ORIGINS', async () => {
    expect(await corsFindings({ 'views.py': VIEW })).toEqual(['views.py:4']);
  });

  it('takes the origins from CORS_ORIGINS in the settings', async () => {
    expect(await corsFindings({ 'views.py': VIEW, 'settings.py': "CORS_ORIGINS = ['https://app.example.com']\n" })).toEqual([]);
  });

  it("still reports a configured '*' and an explicit origins='*' in the call", async () => {
    expect(await corsFindings({ 'views.py': VIEW, 'settings.py': "CORS_ORIGINS = '*'\n" })).toEqual(['views.py:4']);
    expect(await corsFindings({ 'views.py': VIEW, 'settings.py': "CORS_ORIGINS: list[str] = ['*']\n" })).toEqual(['views.py:4']);
    expect(await corsFindings({ 'views.py': VIEW, 'settings.py': "if CORS_ORIGINS == ALLOWED:\n    pass\n" })).toEqual(['views.py:4']);
    const explicit = "from flask_cors import CORS\nCORS(app,\n     origins='*',\n     supports_credentials=True)\n";
    expect(await corsFindings({ 'app.py': explicit, 'settings.py': "CORS_ORIGINS = ['https://a.example']\n" })).toEqual(['app.py:2']);
  });
});
