from aiohttp import web
from aiohttp_session import get_session, new_session


async def login(request):
    session = await get_session(request)
    user = await authenticate(request)
    # ruleid: py.auth.session-fixation
    session['user_id'] = user.id
    return web.HTTPFound('/')


async def login_renewed(request):
    user = await authenticate(request)
    session = await new_session(request)
    # ok: py.auth.session-fixation
    session['user_id'] = user.id
    return web.HTTPFound('/')


async def set_theme(request):
    session = await get_session(request)
    # ok: py.auth.session-fixation
    session['theme'] = 'dark'
    return web.HTTPFound('/')
