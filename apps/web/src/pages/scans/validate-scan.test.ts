import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@duescan/contracts';
import { hasAllowedArchiveExtension, validateScanForm, type ScanFormInput } from './validate-scan';

const free = { plan: 'free' as const, credits_remaining: 3 };
const url = (projectUrl: string, webhookUrl = ''): ScanFormInput => ({ mode: 'url', projectUrl, file: null, webhookUrl });
const upload = (file: { name: string; size: number } | null): ScanFormInput => ({ mode: 'upload', projectUrl: '', file, webhookUrl: '' });

describe('validateScanForm', () => {
  it('accepts a URL or path and an allowed archive', () => {
    expect(validateScanForm(url('https://github.com/acme/api.git'), free)).toBeNull();
    expect(validateScanForm(url('/srv/code/acme'), free)).toBeNull();
    expect(validateScanForm(upload({ name: 'app.tar.gz', size: 1000 }), free)).toBeNull();
  });

  it('blocks non-ultra plans without credits, but never ultra', () => {
    expect(validateScanForm(url('https://x.dev/a.git'), { plan: 'free', credits_remaining: 0 })).toBe('No credits remaining. Please upgrade your plan.');
    expect(validateScanForm(url('https://x.dev/a.git'), { plan: 'pro', credits_remaining: -1 })).toBe('No credits remaining. Please upgrade your plan.');
    expect(validateScanForm(url('https://x.dev/a.git'), { plan: 'ultra', credits_remaining: 0 })).toBeNull();
  });

  it('requires a URL in URL mode and a file in upload mode', () => {
    expect(validateScanForm(url('   '), free)).toBe('Please enter a project URL or path');
    expect(validateScanForm(upload(null), free)).toBe('Please select a file');
  });

  it('limits the archive to 100MB and the allowed extensions', () => {
    expect(validateScanForm(upload({ name: 'big.zip', size: MAX_UPLOAD_BYTES }), free)).toBeNull();
    expect(validateScanForm(upload({ name: 'big.zip', size: MAX_UPLOAD_BYTES + 1 }), free)).toBe('File too large. Maximum size is 100MB');
    expect(validateScanForm(upload({ name: 'code.rar', size: 10 }), free)).toBe('Unsupported file type. Please upload .zip, .tar, or .tar.gz');
  });

  it('checks the webhook only when given, and it must be an http(s) URL', () => {
    expect(validateScanForm(url('https://x.dev/a.git', 'https://hooks.example.com/duescan'), free)).toBeNull();
    expect(validateScanForm(url('https://x.dev/a.git', 'not a url'), free)).toBe('Webhook URL must be a valid URL');
    expect(validateScanForm(url('https://x.dev/a.git', 'javascript:alert(1)'), free)).toBe('Webhook URL must be a valid URL');
  });
});

describe('hasAllowedArchiveExtension', () => {
  it.each([
    ['a.zip', true],
    ['A.TAR.GZ', true],
    ['a.tgz', true],
    ['a.tar', true],
    ['a.gz', false],
    ['a.zip.exe', false],
    ['.zip', false],
  ])('%s -> %s', (name, ok) => {
    expect(hasAllowedArchiveExtension(name)).toBe(ok);
  });
});
