/**
 * Worker for the proof-reading queue: S3's notice of each proof the portal keeps (functions/proofs/proof-reading.ts).
 */
import { handleProofReading } from '../proofs/proof-reading';

export const handler = handleProofReading;
