# One image per service: `docker build --build-arg SERVICE=orders -f infra/docker/service.Dockerfile .`
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
ARG SERVICE
RUN npx turbo run build --filter=@gleba/${SERVICE}

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
ARG SERVICE
COPY --from=build /app/node_modules ./node_modules
# The service folder: dist/ plus what it reads at run time (e.g. geo's data/ TERC register, which
# its migration loads).
COPY --from=build /app/services/${SERVICE}/ ./
COPY --from=build /app/config ./config
# The fonts every PDF embeds (assets/fonts).
COPY --from=build /app/assets ./assets
USER node
CMD ["sh", "-c", "node --enable-source-maps dist/main.js migrate && exec node --enable-source-maps dist/main.js"]
