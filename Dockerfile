# Multi-stage build of the production server, run as the non-root user. Run it against PostgreSQL:
#   docker build -t nightlight .
#   docker run -d --restart unless-stopped -p 3000:3000 -e DATABASE_URL=postgres://… -e SESSION_SECRET=… -e APP_ORIGIN=https://… nightlight
# Always run it under a restart policy (--restart unless-stopped, or Restart=always under systemd):
# after an uncaught error the server logs it and exits non-zero, counting on being started again.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall applies patches/ (the postgres.js connection fix, docs/decisions/0010).
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 PGLITE_DIR=/data/pglite
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/drizzle ./drizzle
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/server.js /app/package.json ./
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
