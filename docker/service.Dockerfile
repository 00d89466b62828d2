# syntax=docker/dockerfile:1
# Image of one Fastify service (gateway, catalog, cart, account, content, admin).
# Build context: the repository root.
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=catalog --build-arg PORT=4101 -t shop-catalog .
ARG SERVICE
ARG PORT

FROM node:24-alpine AS build
ARG SERVICE
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts && npx tsc -b "services/${SERVICE}"

FROM node:24-alpine AS prod-deps
ARG SERVICE
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts --omit=dev --workspace="@shop/service-${SERVICE}"

FROM node:24-alpine
ARG SERVICE
ARG PORT
ENV NODE_ENV=production HOST=0.0.0.0 PORT=${PORT} SERVICE=${SERVICE}
WORKDIR /app
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /repo/packages ./packages
COPY --from=build /repo/services/${SERVICE}/package.json ./services/${SERVICE}/package.json
COPY --from=build /repo/services/${SERVICE}/dist ./services/${SERVICE}/dist
# Writable for the service (the cart files e-mails here when no SMTP server is configured).
RUN mkdir -p /app/data/mail && chown -R node:node /app/data
EXPOSE ${PORT}
USER node
HEALTHCHECK --interval=15s --timeout=3s --retries=5 CMD wget -qO- "http://127.0.0.1:${PORT}/healthz" >/dev/null || exit 1
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/server.js"]
