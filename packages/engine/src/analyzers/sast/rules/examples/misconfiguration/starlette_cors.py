from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from starlette.middleware import Middleware
from starlette.applications import Starlette

app = FastAPI()

# ruleid: py.misconfig.cors-credentials-any-origin
app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_credentials=True, allow_methods=["*"])

# ok: py.misconfig.cors-credentials-any-origin
app.add_middleware(CORSMiddleware, allow_origins=["https://app.example.com"], allow_credentials=True)

# ok: py.misconfig.cors-credentials-any-origin
app.add_middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET"])

other = Starlette(middleware=[
    # ruleid: py.misconfig.cors-credentials-any-origin
    Middleware(CORSMiddleware, allow_origin_regex=".*", allow_credentials=True),
])
