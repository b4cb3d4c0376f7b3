import { startSpApiSimulator } from './sim-server.js';
import { SQS_SIM_CREDENTIALS, startSqsSimulator } from './sim-sqs.js';
import { SANDBOX_APP } from './sim-state.js';

/**
 * `npm run sim`: the SP-API simulator on its own. SIM_PORT (default 8090), SIM_HOST
 * (default 127.0.0.1), SIM_TIME_SCALE (default 1), SIM_ORDERS_PER_HOUR (orders per hour per
 * seller x marketplace with listings, default 6; 0: none). Point a server at it with
 * SPAPI_LWA_URL, SPAPI_ENDPOINT and the sandbox credentials printed below. An SQS simulator
 * beside it (SIM_SQS_PORT, default 8091) holds the queue its Notifications API delivers to.
 */
async function main() {
  const scale = Number(process.env.SIM_TIME_SCALE ?? 1);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`SIM_TIME_SCALE must be a positive number, got "${process.env.SIM_TIME_SCALE}"`);
  const port = Number(process.env.SIM_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`SIM_PORT must be a port number, got "${process.env.SIM_PORT}"`);
  const ordersPerHour = Number(process.env.SIM_ORDERS_PER_HOUR ?? 6);
  if (!Number.isFinite(ordersPerHour) || ordersPerHour < 0)
    throw new Error(`SIM_ORDERS_PER_HOUR must be a number of 0 or more, got "${process.env.SIM_ORDERS_PER_HOUR}"`);
  const sim = await startSpApiSimulator({ port, host: process.env.SIM_HOST || '127.0.0.1', timeScale: scale });
  sim.orders.configure({ ratePerHour: ordersPerHour });
  console.log(`SP-API simulator listening on ${sim.url} (time scale ${scale}, ${ordersPerHour} orders per hour)`);
  console.log(`  SPAPI_LWA_URL=${sim.tokenUrl}`);
  console.log(`  SPAPI_ENDPOINT=${sim.url}   (or ${sim.endpoint('EU')} etc. per region)`);
  console.log(`  SPAPI_CLIENT_ID=${SANDBOX_APP.clientId}`);
  console.log(`  SPAPI_CLIENT_SECRET=${SANDBOX_APP.clientSecret}`);
  console.log(`  SPAPI_APP_ID=${SANDBOX_APP.appId}`);
  console.log(
    `  consent page: ${sim.url}/apps/authorize/consent?application_id=${SANDBOX_APP.appId}&state=STATE&redirect_uri=http://127.0.0.1:8080/callback`,
  );
  const sqsPort = Number(process.env.SIM_SQS_PORT ?? 8091);
  if (!Number.isInteger(sqsPort) || sqsPort < 0 || sqsPort > 65535)
    throw new Error(`SIM_SQS_PORT must be a port number, got "${process.env.SIM_SQS_PORT}"`);
  const sqs = await startSqsSimulator({ port: sqsPort, host: process.env.SIM_HOST || '127.0.0.1', timeScale: scale });
  const queue = sqs.createQueue('console-notifications');
  console.log(`SQS simulator listening on ${sqs.url} (notifications of subscribed sellers arrive here)`);
  console.log(`  SQS_QUEUE_URL=${queue.url}`);
  console.log(`  SQS_QUEUE_ARN=${queue.arn}`);
  console.log(`  SQS_ENDPOINT=${sqs.url}`);
  console.log(`  AWS_REGION=${sqs.region}`);
  console.log(`  AWS_ACCESS_KEY_ID=${SQS_SIM_CREDENTIALS.accessKeyId}`);
  console.log(`  AWS_SECRET_ACCESS_KEY=${SQS_SIM_CREDENTIALS.secretAccessKey}`);
  const stop = () => {
    Promise.all([sim.close(), sqs.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
