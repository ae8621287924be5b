# DueScan server image: one image for the three run modes (`serve`, `worker`, `all`), chosen by the command:
#   docker run … duescan serve | worker | all        (default: all, API + worker in one process)
# Runs as the unprivileged `node` user and works with a read-only root filesystem: everything the server writes
# goes under DATA_DIR (/data, a volume) and temporary files under /tmp (mount a tmpfs). Uploaded sources and
# reports stay under DATA_DIR with STORAGE=local (the default); with several hosts pass STORAGE=s3 and S3_BUCKET
# (plus S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY as needed) at run time. See docs/deploy.md.

# --- build: install everything, build the bundles and the web app, then drop dev dependencies ---------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# git: the sample-report build scans examples/ the way the worker scans repositories.
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime -------------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
# git + ssh for cloning, tini to forward signals and reap git's child processes (node would be PID 1 otherwise).
RUN apt-get update \
 && apt-get install -y --no-install-recommends git openssh-client ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data \
 && chown node:node /data
WORKDIR /app
COPY --from=build --chown=root:root /app /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SHUTDOWN_GRACE_SECONDS=20 \
    HOME=/tmp \
    TMPDIR=/tmp
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness; readiness is /api/v1/ready (503 while shutting down). Worker-only containers have no HTTP port.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["tini", "--", "node", "apps/server/dist/main.js"]
CMD ["all"]
