# The production image: the API compiled to JavaScript (build/api) serving the built web app
# (dist), on Node 20 as the unprivileged `node` user. Build: `docker build -t caramel .`
# (`--build-arg BUILD_ID=…` to choose the build id the app reports). Configuration comes from
# the environment at run time (docs/deploying.md); the same build steps run without Docker as
# `npm ci && npm run build:prod`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG BUILD_ID
RUN BUILD_ID="$BUILD_ID" npm run build:prod

# Production dependencies only: no compilers, test tools or local stand-ins in the image.
FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_DIR=/app/dist DATA_DIR=/var/lib/caramel
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
# package.json makes build/api/main.js an ES module ("type": "module").
COPY --from=build /app/package.json ./
COPY --from=build /app/build/api ./build/api
COPY --from=build /app/dist ./dist
# Only used when no DATABASE_URL is set (PGlite, for a trial run); production points at PostgreSQL.
RUN mkdir -p /var/lib/caramel && chown node:node /var/lib/caramel
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 (not npm), so SIGTERM from the orchestrator reaches the API's graceful stop.
CMD ["node", "--enable-source-maps", "build/api/main.js"]
