# syntax=docker/dockerfile:1
# The portal and its API in one image: the build stage compiles the portal (Vite) and the server
# (esbuild, scripts/build-server.ts); the runtime stage holds the production dependencies, the
# compiled code and the files the server reads (form schemas, country rules, locales, merchants,
# bundled rates), and runs as the unprivileged `node` user. tests/ops/production-build.test.ts runs
# the same RUN and CMD commands outside Docker. Node 22: some dependencies ask for it (engines).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
# The npm cache stays in a BuildKit cache mount, out of the image.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY --from=build /app/dist ./dist
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/country-rules ./country-rules
COPY --from=build /app/locales ./locales
COPY --from=build /app/config ./config
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
# Liveness only (GET /master/health): readiness, which follows the database, is the orchestrator's.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/master/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 (no npm in between), so SIGTERM reaches the server's graceful shutdown.
CMD ["node", "dist/server/main.js"]
