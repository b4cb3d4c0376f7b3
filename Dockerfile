# syntax=docker/dockerfile:1
# The console as one container image (docs/deploy.md "Container"): the web app is built in the
# first stage; the runtime stage holds the production dependencies, the sources (the server runs
# its TypeScript through tsx, as `npm start` does) and the built web app, and runs as `node`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY packages/shared/package.json packages/shared/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web
# Production dependencies only, plus tsx (a dev dependency of the repository) that runs the server.
RUN TSX_VERSION="$(node -p "require('tsx/package.json').version")" \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm install --no-save --omit=dev --no-audit --no-fund "tsx@${TSX_VERSION}"

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/packages/shared ./packages/shared
COPY --from=build --chown=root:root /app/apps/server ./apps/server
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
COPY --from=build --chown=root:root /app/apps/web/package.json ./apps/web/package.json
# The data folder (generated secret key, local file store, embedded PostgreSQL when DATABASE_URL is unset)
# is the only place the process writes.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/PDD/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# main.ts runs the migrations, then serves; SIGTERM stops it gracefully (jobs, HTTP, database pool).
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
