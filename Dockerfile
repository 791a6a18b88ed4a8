# syntax=docker/dockerfile:1
# The image of every app, from the repository root (the workspaces share one lockfile):
#   docker build --build-arg SERVICE=identity -t medtutor/identity .
#   docker build --build-arg SERVICE=gateway -t medtutor/gateway .   # also builds and ships the frontends
# SERVICE: gateway, identity, catalog-payments, tutoring, reviews or payroll. What differs between the
# apps (workspaces, frontends, migrations) is in infra/docker/app.mjs; ports and command at the end.
# Node 26 "Lithium" is the Active LTS (since 2026-10-28; 24 "Krypton" is in maintenance).
ARG SERVICE

FROM node:26-trixie-slim AS base
WORKDIR /app
ENV npm_config_update_notifier=false
# Every workspace's manifest: app.mjs reads them to find what an app needs, then narrows them to that.
COPY package.json package-lock.json .npmrc ./
# The compiler's workspace whole: npm links its `tsc7` only if the file is there when it installs.
COPY tools/typescript-7/package.json tools/typescript-7/tsc7.mjs tools/typescript-7/
COPY packages/contracts/package.json packages/contracts/
COPY packages/nest-kit/package.json packages/nest-kit/
COPY packages/db-tools/package.json packages/db-tools/
COPY packages/web-kit/package.json packages/web-kit/
COPY services/identity/package.json services/identity/
COPY services/catalog-payments/package.json services/catalog-payments/
COPY services/tutoring/package.json services/tutoring/
COPY services/reviews/package.json services/reviews/
COPY services/payroll/package.json services/payroll/
COPY gateway/package.json gateway/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/student/package.json frontends/student/
COPY frontends/admin/package.json frontends/admin/
COPY infra/docker/app.mjs infra/docker/workspace-manifests.mjs /tmp/docker/

# Production dependencies of the app's workspaces only, from the lockfile: what the runtime stage ships.
FROM base AS deps
ARG SERVICE
RUN node /tmp/docker/app.mjs install-prod "$SERVICE"

# Every dependency the build needs (TypeScript, the Prisma CLI, rsbuild), then prisma generate, tsc7
# and, for the gateway, the frontends' bundles. /ship receives the build output that runs.
FROM base AS build
ARG SERVICE
RUN node /tmp/docker/app.mjs install "$SERVICE"
COPY tsconfig.base.json ./
COPY packages packages
COPY services services
COPY gateway gateway
COPY frontends frontends
RUN node /tmp/docker/app.mjs build "$SERVICE" /ship

FROM node:26-trixie-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the app's user: the process cannot change its own code.
COPY --from=deps /app ./
COPY --from=build /ship ./
USER node

# The gateway listens on PORT; a service answers its probes on HEALTH_PORT.
FROM runtime AS gateway-runtime
ENV PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM runtime AS service-runtime
ENV HEALTH_PORT=9090
EXPOSE 9090
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9090/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

FROM gateway-runtime AS app-gateway
CMD ["node", "gateway/dist/main.js"]

FROM service-runtime AS app-identity
CMD ["node", "services/identity/dist/main.js"]

FROM service-runtime AS app-catalog-payments
CMD ["node", "services/catalog-payments/dist/main.js"]

FROM service-runtime AS app-tutoring
CMD ["node", "services/tutoring/dist/main.js"]

FROM service-runtime AS app-reviews
CMD ["node", "services/reviews/dist/main.js"]

FROM service-runtime AS app-payroll
CMD ["node", "services/payroll/dist/main.js"]

# The image: the stage of the app named by SERVICE (BuildKit builds only the stages it needs).
FROM app-${SERVICE}
