# Chronicle News: build the client and the server, then run them on a slim Node image that carries only what
# runs: the bundled server, the built client, the migrations and the few packages the bundle loads from disk
# (docs/decisions/018-docker-image.md). No BuildKit-only syntax: the legacy builder must be able to build it.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
# npm install (not npm ci): see docs/decisions/003-npm-install.md.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build:client && node scripts/build-server.mjs --runtime-modules /runtime/node_modules

FROM node:20-bookworm-slim AS runtime
# No demo content unless asked for (SEED_DEMO=true); the super-admin's password is random unless set.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 UPLOAD_DIR=/app/uploads DATA_DIR=/app/.data SEED_DEMO=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/client/dist-server ./client/dist-server
RUN mkdir -p uploads .data && chown -R node:node uploads .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
