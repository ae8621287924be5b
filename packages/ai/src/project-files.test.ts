import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFileReader } from './project-files';

const outside = mkdtempSync(join(tmpdir(), 'duescan-outside-'));
const root = mkdtempSync(join(tmpdir(), 'duescan-root-'));
writeFileSync(join(outside, 'secret.txt'), 'outside');
mkdirSync(join(root, 'src'));
writeFileSync(join(root, 'src/app.js'), 'inside');
symlinkSync(join(outside, 'secret.txt'), join(root, 'src/link.txt'));
afterAll(() => {
  rmSync(outside, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

describe('projectFileReader', () => {
  const read = projectFileReader(root);
  it('reads files inside the project', () => expect(read('src/app.js')).toBe('inside'));
  it('refuses paths and links that leave it', () => {
    expect(read(`../${outside.split('/').pop()}/secret.txt`)).toBeNull();
    expect(read(join(outside, 'secret.txt'))).toBeNull();
    expect(read('src/link.txt')).toBeNull();
    expect(read('src/missing.js')).toBeNull();
  });
});
