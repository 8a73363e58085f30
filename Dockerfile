# Bio-Page API and workers. One image, two commands: `node dist/main.js` (API; workers too unless
# RUN_WORKERS=false) and `node dist/worker.js` (workers only). See docker-compose.yml.

# ---- build ----------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /app
# `npm install`, not `npm ci`: the lockfile made on the project's machines omits other platforms'
# optional packages, and `npm ci` rejects it as incomplete (docs/adr/0003).
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# ---- runtime --------------------------------------------------------------------------------------
# Dev dependencies stay: the pinned `node` runtime is one, so `npm prune --omit=dev` would remove it.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FILE_STORAGE_DIR=/data/files
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# A named volume mounted at /data/files takes this directory's ownership on first use, so `node` can write.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
EXPOSE 3000
CMD ["node", "--expose-gc", "dist/main.js"]
