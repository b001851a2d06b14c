# Every provider simulator in one container (development only).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
CMD ["sh", "-c", "for s in $(npx tsx infra/simulators/src/cli.ts --list); do npx tsx infra/simulators/src/cli.ts $s & done; wait"]
