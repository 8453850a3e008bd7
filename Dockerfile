# Storekeep: one image for every instance. Build:  docker build -t storekeep .
# Run with PostgreSQL, Redis and MinIO:           docker compose up   (compose.yaml, docs/OPERATIONS.md)

# --- build: every dependency (dev included) to build the web app and the server ---
FROM node:24-slim AS build
WORKDIR /app
# Workspaces' package.json files first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
COPY scripts/build-server.mjs scripts/build-server.mjs
# The web app to apps/web/dist, the server to plain JavaScript in apps/server/dist (no TypeScript at run time).
RUN npm run build

# --- deps: what the server needs at run time only ---
FROM node:24-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ---
FROM node:24-slim
# pg_dump / pg_restore for `npm run backup` and `npm run restore` against PostgreSQL.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=deps /app/node_modules node_modules
# Versions the server's dependencies need apart from the hoisted ones (archiver's own glob, …).
COPY --from=deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# `npm run backup` / `restore` / `demo:reset` run build-server.mjs first, which finds no sources here and
# leaves the build as it is.
COPY scripts/build-server.mjs scripts/build-server.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server `npm start` runs, without npm or start.mjs in between (SIGTERM reaches the server, which lets
# in-flight requests finish): migrate, then serve API and SPA on PORT.
CMD ["node", "--disable-warning=ExperimentalWarning", "apps/server/dist/main.js"]
