import { Logger } from '@aws-lambda-powertools/logger';
import { PROGRAM_SERVICE } from '../../shared/metrics';

/** One structured JSON logger per process; handlers add the request id and route as keys. */
export const logger = new Logger({ serviceName: PROGRAM_SERVICE });
