# syntax=docker/dockerfile:1
# Task Force HQ: multi-stage image on Node 24 LTS (docs/decisions/005). The server runs TypeScript through tsx
# (docs/decisions/006), so the runtime stage carries the server sources next to the UI build.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- all dependencies (the build needs the dev tools) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- the UI and the React Router server bundle -> build/ ----
FROM deps AS build
COPY . .
RUN npm run build

# ---- production dependencies only (tsx is one: it runs the server) ----
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data

COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
# What `tsx server/main.ts` loads: the server, the schema, migrations and stored functions (applied at start-up), the
# jobs, the db scripts (npm run db:migrate / db:seed), and the contracts (zod schemas and messages) the server
# validates with.
COPY server ./server
COPY db ./db
COPY jobs ./jobs
COPY scripts ./scripts
COPY contracts ./contracts
COPY --from=build /app/build ./build

# DATA_DIR holds the embedded PostgreSQL (only used when DATABASE_URL is unset) and uploads; the app runs as `node`.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]

USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# tsx's loader inside the Node process itself: SIGTERM reaches server/main.ts, which shuts down gracefully.
CMD ["node", "--import", "tsx", "server/main.ts"]
