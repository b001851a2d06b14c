import { createLogger, loadConfig } from '@gleba/platform';
import { ZGatewayConfig, type GatewayConfig } from './config';
import { startGateway } from './gateway';

let config: GatewayConfig;
try {
  config = loadConfig(ZGatewayConfig);
} catch (error) {
  console.error(`[gateway] ${(error as Error).message}`);
  process.exit(78);
}
const logger = createLogger('gateway', config.LOG_LEVEL);
const gateway = await startGateway(config, { logger });
logger.info({ url: gateway.url }, 'gateway listening');
const stop = () => void gateway.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
