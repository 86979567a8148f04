import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per process; handlers add the request id and route as keys. */
export const logger = new Logger({ serviceName: 'audit-letter-program' });
