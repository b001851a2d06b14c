# The gateway with the three built front ends.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx turbo run build --filter=@gleba/gateway --filter=./frontends/*

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production CUSTOMER_DIST=/app/web/customer ADMIN_DIST=/app/web/admin LANDING_DIST=/app/web/landing
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/services/gateway/dist ./dist
COPY --from=build /app/frontends/customer/dist ./web/customer
COPY --from=build /app/frontends/admin/dist ./web/admin
COPY --from=build /app/frontends/landing/dist ./web/landing
USER node
CMD ["node", "--enable-source-maps", "dist/main.js"]
