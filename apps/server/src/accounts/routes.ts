// GET /account/me, GET /account/usage, POST /account/api-token/rotate: all require a bearer credential.
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { currentUser } from '../http/auth-guard';
import type { AccountService } from './service';

export function accountRoutes(accounts: AccountService, requireUser: preHandlerHookHandler) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('preHandler', requireUser);
    app.get('/account/me', async (request) => accounts.profile(currentUser(request)));
    app.get('/account/usage', async (request) => accounts.usage(currentUser(request)));
    app.post('/account/api-token/rotate', async (request) => accounts.rotateApiToken(currentUser(request)));
  };
}
