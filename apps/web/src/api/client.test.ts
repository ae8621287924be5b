import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZUser } from '@duescan/contracts';
import { fakeApi, makeScan, makeUser } from '../testing/fake-api';
import { readSession, saveSession } from '../session/storage';
import { login } from './auth';
import { ApiError, apiRequest, errorText, setUnauthorizedHandler } from './client';
import { listScans, uploadArchive } from './scans';

afterEach(() => setUnauthorizedHandler(null));

describe('apiRequest', () => {
  it('sends the stored token as a bearer credential and validates the answer', async () => {
    saveSession({ token: 'jwt-1', userId: 'u1' });
    const api = fakeApi({ 'GET /account/me': { status: 200, body: makeUser() } });
    const user = await apiRequest('/account/me', { schema: ZUser });
    expect(user.email).toBe('founder@example.com');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer jwt-1');
  });

  it("carries the server's detail on errors", async () => {
    fakeApi({ 'POST /auth/login': { status: 400, body: { detail: 'Incorrect email or password' } } });
    const error = await login('a@b.co', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('Incorrect email or password');
    expect(errorText(error, 'Login failed')).toBe('Incorrect email or password');
  });

  it('falls back when the error answer has no detail', async () => {
    fakeApi({ 'POST /auth/login': { status: 502, body: '<html>Bad gateway</html>' } });
    const error = await login('a@b.co', 'x').catch((e: unknown) => e);
    expect((error as ApiError).detail).toBeNull();
    expect(errorText(error, 'Login failed')).toBe('Login failed');
  });

  it('treats an answer that does not match the contract as an error', async () => {
    saveSession({ token: 'jwt-1', userId: 'u1' });
    fakeApi({ 'GET /account/me': { status: 200, body: { id: 1 } } });
    await expect(apiRequest('/account/me', { schema: ZUser })).rejects.toBeInstanceOf(ApiError);
  });

  it('clears the session and calls the handler on a 401 of a signed-in call', async () => {
    saveSession({ token: 'expired', userId: 'u1' });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeApi({ 'GET /account/me': { status: 401, body: { detail: 'Not authenticated' } } });
    await expect(apiRequest('/account/me', { schema: ZUser })).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not end the session on the 401 of a sign-in call (wrong password)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fakeApi({ 'POST /auth/login': { status: 401, body: { detail: 'Incorrect email or password' } } });
    await expect(login('a@b.co', 'wrong')).rejects.toMatchObject({ detail: 'Incorrect email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('listScans', () => {
  it('returns the scans and sends the limit', async () => {
    saveSession({ token: 'jwt-1', userId: 'u1' });
    const api = fakeApi({ 'GET /scans/list': { status: 200, body: { scans: [makeScan()], total: 1 } } });
    expect(await listScans(100)).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ path: '/scans/list' });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/v1/scans/list?limit=100');
  });

  it('fails on errors (the screens show their own message)', async () => {
    saveSession({ token: 'jwt-1', userId: 'u1' });
    fakeApi({ 'GET /scans/list': { status: 500, body: { detail: 'Internal server error' } } });
    await expect(listScans()).rejects.toMatchObject({ status: 500 });
  });
});

describe('uploadArchive', () => {
  it('sends multipart form data with the bearer token and no JSON content type', async () => {
    saveSession({ token: 'jwt-1', userId: 'u1' });
    fakeApi({ 'POST /scans/upload': { status: 201, body: { filename: 'app.zip', scan: makeScan({ status: 'pending' }) } } });
    const answer = await uploadArchive(new File(['PK'], 'app.zip'), { package_type: 'pro', webhook_url: '' });
    expect(answer.filename).toBe('app.zip');
    const init = vi.mocked(fetch).mock.calls[0]?.[1] as RequestInit;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer jwt-1');
    expect(headers['Content-Type']).toBeUndefined();
    const form = init.body as FormData;
    expect([form.get('package_type'), form.has('webhook_url'), (form.get('file') as File).name]).toEqual(['pro', false, 'app.zip']);
  });
});
