# syntax=docker/dockerfile:1
# Image of the shell or one remote (mf-catalog, mf-cart, …). Its container copies the build into
# the shared storefront volume (/srv/<app>/dist) and exits; the gateway serves it from there.
# Redeploying one such image updates that app alone, without rebuilding the shell or any other remote.
# Build context: the repository root.
#   docker build -f docker/static-app.Dockerfile --build-arg APP=mf-cart -t shop-mf-cart .
ARG APP

FROM node:24-alpine AS build
ARG APP
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund \
  && npx tsc -b packages/contracts packages/routes packages/event-bus packages/shell-api packages/legal-notices packages/ui packages/format packages/api-client packages/catalog-rules packages/cart-rules \
  && npm run build -w "${APP}"

FROM node:24-alpine
ARG APP
ENV APP=${APP}
WORKDIR /app
COPY --from=build --chown=node:node /repo/${APP}/dist ./dist
USER node
# Hashed chunks first, entry files (which point at them) last: no reader sees a dangling reference.
CMD ["sh", "-c", "set -e; target=/srv/${APP}/dist; mkdir -p $target; cd dist; for f in *; do case $f in remoteEntry.js|main.js|index.html|mf-*.json) ;; *) cp -r $f $target/ ;; esac; done; for f in remoteEntry.js main.js index.html mf-*.json; do [ -e $f ] && cp $f $target/; done; echo ${APP} deployed"]
