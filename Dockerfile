# syntax=docker/dockerfile:1
#
# The production image (issue 36): the built server, its production dependencies and the files it
# reads at run time, run by an unprivileged user. Build: `docker build -t nawat-studio .`
# (deploy/compose.yaml builds it for three instances). Studio details marked *build* in the
# README are baked into the prerendered pages: pass them as build arguments, and give the
# containers the same values.
#
# Node 22: some dependencies (cookie 2, content-disposition 3) declare node >= 22.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# onnxruntime-node's install script would fetch CUDA libraries the font model does not use; the
# image's npm (10) does not read package.json's allowScripts, so the package's own switch says skip.
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# Production dependencies only, in a stage of their own so the runtime image gets no compiler
# output, cache or dev tooling.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ARG SITE_URL=https://nawat.studio
ARG STUDIO_EMAIL
ARG STUDIO_PHONE
ARG WHATSAPP_NUMBER
ARG INSTAGRAM_URL
ARG TIKTOK_URL
ARG STORE_URL
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# What dist/server/server.js reads at run time, and nothing else (proved by running the bundle
# from a copy holding only these): package.json (the project root and "type": "module"), the
# production node_modules, the built site (dist/client, dist/media, dist/build-info.json), the
# server bundle, the migrations, the font model and the original media served by /api/image.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/media ./dist/media
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/build-info.json ./dist/build-info.json
COPY migrations ./migrations
COPY models ./models
COPY media ./media
# The embedded database's folder, for a single instance without DATABASE_URL.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The official image's unprivileged user; the application's files stay root's, read-only to it.
USER node
EXPOSE 3000 9091
# /readyz: 200 once the database answers, 503 while it is away or while the server drains.
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 and handles SIGTERM itself (src/server/server.ts drains, then exits 0); the
# server starts no child processes, so nothing needs reaping. Not `npm start`: npm would be PID 1
# and the build check of scripts/start.ts has no place in an image.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/server.js"]
